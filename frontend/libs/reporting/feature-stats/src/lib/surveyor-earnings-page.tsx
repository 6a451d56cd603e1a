// Surveyor Earnings (spec survey-work.md §2, §9): filters (Weekly default), the bar chart (Earnings orange on the
// dollar axis, max = highest + 10 or 1000, zero bars at 1 % of max; Surveys black line on a count axis of its own
// at the right), the table with totals and the detail dialog with the printable pay stub (invoice id = contractor
// id + invoice date; invoice date = week start + 1 day). CIMR roles never reach this screen.
import { useState } from 'react';
import dayjs from 'dayjs';
import { dollarText } from '@frontend/reporting-data-access';
import { answerOf, useReportingGetSurveyorEarningsPayStubQuery, useReportingGetSurveyorEarningsQuery } from '@frontend/shared-api';
import { BarChart, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FAILED_TEXT, SimpleTable, Typography } from '@frontend/shared-ui';
import {
  CHART_COLORS, StatsFilters, countAxisMax, defaultFilter, periodText, statsArgs, useSessionUser, visibleBars, type StatsFilter,
} from './stats-filters';

export const money = (v: number | null | undefined) => dollarText(v);
const CHICAGO = 'America/Chicago';

const PAY_STUB_DIALOG = 'pay-stub-dialog';
/** Printing the pay stub prints the invoice alone: the page behind the dialog (its siblings under body), the
 * backdrop and the buttons stay off paper, and the dialog grows to its content so every stub of a long list
 * prints. */
export const PAY_STUB_PRINT_SX = {
  '@media print': {
    // by the stable class: emotion also writes these rules for an intermediate class the element never carries
    [`body:has(&) > *:not(.${PAY_STUB_DIALOG})`]: { display: 'none !important' },
    position: 'static !important',
    '& .MuiBackdrop-root, & .MuiDialogActions-root': { display: 'none !important' },
    '& .MuiDialog-container, & .MuiDialog-paper, & .MuiDialogContent-root': {
      display: 'block !important', position: 'static !important', height: 'auto !important', maxHeight: 'none !important',
      overflow: 'visible !important', margin: '0 !important', maxWidth: 'none !important', boxShadow: 'none !important',
    },
  },
} as const;

export function PayStubDialog({ date, frequency, surveyorId, managerId, projectId, onClose }: {
  date: string; frequency: number; surveyorId?: number; managerId?: number; projectId?: number; onClose: () => void;
}) {
  const stub = useReportingGetSurveyorEarningsPayStubQuery({ date, frequency, surveyorId, managerId, projectId, tz: CHICAGO });
  const { isFetching, isError } = stub;
  const stubs = answerOf(stub)?.data ?? [];
  type Line = (typeof stubs)[number]['projects'][number];
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="paystub-title" className={PAY_STUB_DIALOG}
      sx={PAY_STUB_PRINT_SX}>
      <DialogTitle id="paystub-title">Earnings detail</DialogTitle>
      <DialogContent className="pay-stub-print">
        {isFetching && <Typography>Loading…</Typography>}
        {!isFetching && isError && <Typography color="error">{FAILED_TEXT}</Typography>}
        {!isFetching && !isError && stubs.length === 0 && <Typography>No Data Found</Typography>}
        {stubs.map((s) => (
          <Box key={s.surveyorId} component="article" aria-label={`Pay stub ${s.invoiceId}`} sx={{ mb: 3 }}>
            <Typography variant="h6" component="h2">Invoice</Typography>
            <Typography>Invoice ID: <strong>{s.invoiceId}</strong></Typography>
            <Typography>Invoice Date: {dayjs(s.invoiceDate).format('MM/DD/YYYY')}</Typography>
            <Typography>Contractor: {s.surveyorName} ({s.surveyorCid})</Typography>
            <Typography sx={{ mb: 1 }}>Period: {dayjs(s.periodStart).format('MM/DD/YYYY')} – {dayjs(s.periodEnd).format('MM/DD/YYYY')}</Typography>
            <SimpleTable caption="Pay stub lines" rowKey={(l: Line, i) => `${l.projectId}-${l.languageId}-${i}`} rows={s.projects}
              columns={[
                { key: 'projectAcronym', label: 'Project' },
                { key: 'language', label: 'Language' },
                { key: 'QTY', label: 'QTY', align: 'right' },
                { key: 'unitPrice', label: 'Unit Price', align: 'right', render: (l: Line) => money(l.unitPrice) },
                { key: 'totalEarnings', label: 'Total', align: 'right', render: (l: Line) => money(l.totalEarnings) },
              ]}
              totals={{ projectAcronym: 'Total', QTY: s.totalQty, totalEarnings: money(s.totalEarnings) }} />
          </Box>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => window.print()} disabled={stubs.length === 0}>Print</Button>
        <Button onClick={onClose} variant="contained">Close</Button>
      </DialogActions>
    </Dialog>
  );
}

export function SurveyorEarningsPage() {
  const user = useSessionUser();
  const [filter, setFilter] = useState<StatsFilter>(() => defaultFilter(7));
  const [detail, setDetail] = useState<string | null>(null);
  const args = statsArgs(filter, user?.role, user?.id);
  const earnings = useReportingGetSurveyorEarningsQuery(args);
  // the chart and the table: none of another filter's figures once this filter failed
  const d = answerOf(earnings)?.data;
  type Row = NonNullable<typeof d>['earningAndCallData'][number];
  const chart = d?.chartData;
  const max = Number(chart?.max ?? 1000);
  const series = (name: string) => (chart?.series.find((s) => s.name === name)?.data ?? []).map(Number);
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>Surveyor Earnings</Typography>
      <StatsFilters initial={filter} onApply={setFilter} />
      {chart && (
        <Box sx={{ mb: 2 }}>
          {/* the Surveys line on a count axis of its own (right): on the dollar axis 5 surveys beside $1,000 read as nothing */}
          <BarChart categories={chart.categories.map((c) => periodText(String(c)))} colors={[CHART_COLORS[0], CHART_COLORS[2]]} yMax={max} wholeNumbers
            yTitle="Earnings ($)" bars={[{ name: 'Earnings ($)', data: visibleBars(series('Earnings').map(Math.round), max) }]}
            line={{ name: 'Surveys', data: series('Surveys') }} lineMax={countAxisMax(series('Surveys'))} />
        </Box>
      )}
      <SimpleTable caption="Earnings" rows={d?.earningAndCallData ?? []} rowKey={(r) => String(r.weekOf)}
        columns={[
          { key: 'weekOf', label: filter.type === 1 ? 'Date' : filter.type === 7 ? 'Week Of' : 'Month', render: (r: Row) => periodText(r.weekOf) },
          { key: 'surveys', label: 'Surveys', align: 'right' },
          { key: 'earnings', label: 'Earnings', align: 'right', render: (r: Row) => money(r.earnings) },
          { key: 'action', label: 'Action', align: 'center', render: (r: Row) => (
            <Button size="small" disabled={r.surveys === 0} onClick={() => setDetail(String(r.weekOf))} aria-label={`Details ${r.weekOf}`}>Details</Button>) },
        ]}
        totals={d ? { weekOf: 'Total', surveys: d.totals.surveys, earnings: money(d.totals.earnings) } : undefined} failed={earnings.isError} />
      {detail && (
        <PayStubDialog date={detail} frequency={filter.type} surveyorId={args.surveyorId} managerId={args.managerId}
          projectId={args.projectId} onClose={() => setDetail(null)} />
      )}
    </Box>
  );
}
