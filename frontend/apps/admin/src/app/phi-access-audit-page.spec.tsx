/// <reference lib="dom" />
import { fireEvent, render, screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import { PhiAccessAuditPage } from './phi-access-audit-page';

// Each service's answer, read when the search runs: a test sets the ones it needs (default: no rows).
const { answers, lazy } = vi.hoisted(() => {
  const answers: Record<string, () => Promise<unknown>> = {};
  const lazy = (service: string) => () => [
    vi.fn(() => ({ unwrap: () => (answers[service] ?? (() => Promise.resolve({ rows: [], count: 0 })))() })),
    { isFetching: false },
  ];
  return { answers, lazy };
});

vi.mock('@frontend/shared-api', async (importOriginal) => {
  const original = await importOriginal<typeof import('@frontend/shared-api')>();
  return {
    ...original,
    useAppDispatch: () => vi.fn(),
    useLazyCallingSearchCallingPhiAuditQuery: lazy('calling'),
    useLazySurveysSearchSurveysPhiAuditQuery: lazy('surveys'),
    useLazyIdentityListSignInsQuery: lazy('identity'),
    useLazyRostersSearchRostersPhiAuditQuery: lazy('rosters'),
    useLazyReportingSearchReportingPhiAuditQuery: lazy('reporting'),
  };
});

vi.mock('@frontend/shared-ui', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-ui')>()),
  // a plain ISO-day field: the real picker loads MUI X lazily
  IsoDatePicker: ({ label }: { label: string }) => <input aria-label={label} />,
}));

const row = (service: string, id: number, at: string, action: string, extra: object = {}) => ({
  id, at, service, userId: 2, userName: 'Paul Manager', userRole: 1, action, visitId: null, patient: null, export: null,
  ip: '10.0.0.1', ...extra,
});
const answer = (...rows: unknown[]) => () => Promise.resolve({ rows, count: rows.length });

const search = () => fireEvent.click(screen.getByRole('button', { name: 'Search' }));
const bodyRows = () => within(screen.getByRole('table', { name: 'PHI access audit' })).getAllByRole('row').slice(1);

beforeEach(() => {
  for (const k of Object.keys(answers)) delete answers[k];
  answers['calling'] = answer(row('calling', 1, '2026-11-26T01:41:14Z', 'call_log.view', { visitId: 7, patient: 'MRN7' }));
});

describe('PHI Access Audit', () => {
  it('lines up a wrapped filter row with the first: no field carries a left margin', () => {
    render(<PhiAccessAuditPage />);
    const row = screen.getByLabelText('User Id').closest('.MuiStack-root') as HTMLElement;
    const margins = Array.from(row.children).map((c) => getComputedStyle(c).marginLeft);
    expect(margins).toHaveLength(7);
    expect(margins.filter((m) => m !== '' && m !== '0px')).toEqual([]);
  });

  it('shows When as MM/DD/YYYY hh:mm:ss AM CST in Central time (spec §9), not in the browser’s locale format', async () => {
    render(<PhiAccessAuditPage />);
    search();
    expect(await screen.findByRole('cell', { name: '11/25/2026 07:41:14 PM CST' })).toBeTruthy();
  });

  it('merges the rosters and reporting trails with the others, newest first', async () => {
    answers['surveys'] = answer(row('surveys', 1, '2026-11-26T03:00:00Z', 'survey.export', { export: 'survey answers, project 5' }));
    answers['rosters'] = answer(row('rosters', 1, '2026-11-26T02:10:00Z', 'roster.export',
      { export: 'called roster, project 101, 2026-11-19 to 2026-11-26, skip 0, limit 5000, rows 1-3 of 3' }));
    answers['reporting'] = answer(row('reporting', 1, '2026-11-26T01:50:00Z', 'client_report.export'));
    render(<PhiAccessAuditPage />);
    search();
    expect(await screen.findByRole('cell', { name: 'Roster exported' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Client report exported' })).toBeTruthy();
    const services = ['calling', 'surveys', 'rosters', 'reporting'];
    expect(bodyRows().map((r) => services.find((s) => within(r).queryByRole('cell', { name: s })))).toEqual(['surveys', 'rosters', 'reporting', 'calling']);
    expect(screen.getByRole('cell', { name: /^called roster, project 101/ })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the rosters failure and no list that would look complete without it', async () => {
    answers['rosters'] = () => Promise.reject({ status: 503, message: 'The access could not be recorded' });
    render(<PhiAccessAuditPage />);
    search();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/^The rosters service could not be searched: The access could not be recorded \(status 503\)\./)).toBeTruthy();
    expect(screen.queryByRole('cell', { name: 'Call log record viewed' })).toBeNull();
    expect(screen.getByRole('cell', { name: 'Not shown: not every service answered.' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveProperty('disabled', true);
  });

  it('names the page reads and the edits that answer with a record', async () => {
    answers['calling'] = answer(
      row('calling', 1, '2026-11-26T01:41:14Z', 'call_log.list', { export: 'call log, project 5, skip 0, limit 10, rows 1-10 of 57' }),
      row('calling', 2, '2026-11-26T01:42:14Z', 'call_log.edit', { visitId: 7, patient: 'MRN7' }),
      row('calling', 3, '2026-11-26T01:43:14Z', 'escalation.edit', { visitId: 7, patient: 'MRN7' }),
      row('calling', 4, '2026-11-26T01:45:14Z', 'escalation.list', { export: 'escalations, skip 0, limit 10, rows 1-2 of 2' }));
    answers['surveys'] = answer(row('surveys', 1, '2026-11-26T01:44:14Z', 'comment.list', { export: 'comments, project 5, skip 0, limit 10, rows 1-3 of 3' }),
      row('surveys', 2, '2026-11-26T01:46:14Z', 'comment.edit', { visitId: 7, export: 'comment 3 (oe), call 9, project 5' }));
    render(<PhiAccessAuditPage />);
    search();
    expect(await screen.findByRole('cell', { name: 'Call log page viewed' })).toBeTruthy();
    for (const name of ['Call log record edited', 'Escalation updated', 'Escalations page viewed', 'Comments page viewed (comment cleaning)',
      'Comment opened or changed (comment cleaning)']) {
      expect(screen.getByRole('cell', { name })).toBeTruthy();
    }
    expect(screen.queryByRole('cell', { name: /^(call_log|escalation|comment)\./ })).toBeNull();
  });

  it('leaves the sign-ins out of a search by patient', async () => {
    answers['identity'] = () => Promise.reject({ status: 500, message: 'must not be asked' });
    render(<PhiAccessAuditPage />);
    fireEvent.change(screen.getByLabelText('Patient (MRN)'), { target: { value: 'MRN7' } });
    search();
    expect(await screen.findByRole('cell', { name: 'Call log record viewed' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('PHI Access Audit CSV', () => {
  it('downloads the rows as a CSV with a BOM, a value holding a lone CR quoted (a spreadsheet ends a row there), a formula neutralised and the file dated by the Central day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T03:00:00Z')); // 09:00 PM on 11/27 in Chicago: already the 28th in UTC
    const blobs: Blob[] = [];
    Object.assign(URL, { createObjectURL: vi.fn((b: Blob) => { blobs.push(b); return 'blob:csv'; }), revokeObjectURL: vi.fn() });
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { names.push(this.download); });
    answers['calling'] = answer(row('calling', 1, '2026-11-26T01:41:14Z', 'call_log.view', { visitId: 7, patient: 'MRN\r7', userName: '=Paul' }));
    try {
      render(<PhiAccessAuditPage />);
      search();
      await screen.findByRole('cell', { name: 'Call log record viewed' });
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(names).toEqual(['phi-access-audit-2026-11-27.csv']);
      const bytes = await new Promise<Uint8Array>((done) => { // jsdom's Blob has no arrayBuffer()
        const reader = new FileReader();
        reader.onload = () => done(new Uint8Array(reader.result as ArrayBuffer));
        reader.readAsArrayBuffer(blobs[0]);
      });
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder().decode(bytes.slice(3));
      expect(text).toBe('At (UTC),Service,User Id,User,Role,Action,Visit Id,Patient,Export,Address\r\n'
        + `2026-11-26T01:41:14Z,calling,2,'=Paul,Project Manager,Call log record viewed,7,"MRN\r7",,10.0.0.1\r\n`);
    } finally {
      click.mockRestore();
      vi.useRealTimers();
    }
  });
});
