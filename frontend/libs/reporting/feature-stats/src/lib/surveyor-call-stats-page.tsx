// Surveyor Call Stats (spec survey-work.md §2, §9): filters, bar chart (Surveys orange, Attempts blue, Completion
// Rate black line) with legend, the table with totals (earnings and hourly earnings too), and the AAPOR dispositions
// panel. CIMR roles get no earnings columns (the server leaves them out). Completion rates show 2 decimals, average lengths 1 (spec §9).
import { useState } from 'react';
import { averageText, dollarText, percentText, twoPlacesText } from '@frontend/reporting-data-access';
import { answerOf, useReportingGetCallStatsQuery } from '@frontend/shared-api';
import { BarChart, Box, SimpleTable, Typography } from '@frontend/shared-ui';
import { Role } from '@frontend/shared-util';
import { DispositionsPanel } from './dispositions-panel';
import {
  CHART_COLORS, StatsFilters, defaultFilter, periodText, statsArgs, useSessionUser, visibleBars, type StatsFilter,
} from './stats-filters';

const money = (v: number | null | undefined) => dollarText(v);

export function SurveyorCallStatsPage() {
  const user = useSessionUser();
  const [filter, setFilter] = useState<StatsFilter>(() => defaultFilter(1));
  const args = statsArgs(filter, user?.role, user?.id);
  const stats = useReportingGetCallStatsQuery(args);
  const { isFetching, isError } = stats;
  // the chart and the table: none of another filter's figures once this filter failed
  const d = answerOf(stats)?.data;
  const cimr = user?.role === Role.CimrManager || user?.role === Role.CimrSurveyor;
  type Row = NonNullable<typeof d>['callStatsData'][number];
  const columns = [
    { key: 'weekOf', label: filter.type === 1 ? 'Date' : filter.type === 7 ? 'Week Of' : 'Month', render: (r: Row) => periodText(r.weekOf) },
    { key: 'attempts', label: 'Attempts', align: 'right' as const },
    { key: 'surveys', label: 'Surveys', align: 'right' as const },
    { key: 'completionRate', label: 'Completion Rate', align: 'right' as const, render: (r: Row) => percentText(r.completionRate) },
    { key: 'timeInSys', label: 'Time in System (h)', align: 'right' as const, render: (r: Row) => twoPlacesText(r.timeInSys) },
    { key: 'surveysPerHour', label: 'Surveys / Hour', align: 'right' as const, render: (r: Row) => twoPlacesText(r.surveysPerHour) },
    { key: 'agreedTimeInSys_ig', label: 'Agreed Time (h)', align: 'right' as const, render: (r: Row) => twoPlacesText(r.agreedTimeInSys_ig) },
    { key: 'averageSurveyLength', label: 'Avg Survey Length (min)', align: 'right' as const, render: (r: Row) => averageText(r.averageSurveyLength) },
    // earnings = payment rate x surveys (spec §6); neither it nor hourly earnings for the CIMR roles
    ...(cimr ? [] : [
      { key: 'earnings', label: 'Earnings', align: 'right' as const, render: (r: Row) => money(r.earnings) },
      { key: 'hourlyEarnings', label: 'Hourly Earnings', align: 'right' as const, render: (r: Row) => money(r.hourlyEarnings) },
    ]),
  ];
  const t = d?.totals;
  const totals = t ? {
    weekOf: 'Total', attempts: t.attempts, surveys: t.surveys, completionRate: percentText(t.completionRate),
    timeInSys: twoPlacesText(t.timeInSys), surveysPerHour: twoPlacesText(t.surveysPerHour),
    agreedTimeInSys_ig: twoPlacesText(t.agreedTimeInSys_ig),
    averageSurveyLength: averageText(t.averageSurveyLength), earnings: money(t.earnings), hourlyEarnings: money(t.hourlyEarnings),
  } : undefined;
  const chart = d?.chartData;
  const max = Number(chart?.max ?? 1000);
  const series = (name: string) => (chart?.series.find((s) => s.name === name)?.data ?? []).map(Number);
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>Surveyor Call Stats</Typography>
      <StatsFilters initial={filter} onApply={setFilter} />
      {chart && (
        <Box sx={{ mb: 2 }}>
          <BarChart title={isFetching ? 'Loading…' : undefined} categories={chart.categories.map((c) => periodText(String(c)))} colors={CHART_COLORS} yMax={max} wholeNumbers
            yTitle="Calls" bars={[{ name: 'Surveys', data: visibleBars(series('Surveys'), max) }, { name: 'Attempts', data: visibleBars(series('Attempts'), max) }]}
            line={{ name: 'Completion Rate (%)', data: series('Completion Rate').map((v) => Math.round(v * 10000) / 100) }} lineMax={100} />
        </Box>
      )}
      <SimpleTable caption="Call stats" columns={columns} rows={d?.callStatsData ?? []} rowKey={(r) => String(r.weekOf)} totals={totals} failed={isError} />
      <DispositionsPanel from={filter.from} to={filter.to} projectId={args.projectId} surveyorId={args.surveyorId}
        managerId={args.managerId} />
    </Box>
  );
}
