import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { CallLogRead, EscalationDetail } from '@frontend/shared-api';
import { EscalationDetailPage, RESOLVED_RETURN_MS } from './escalation-detail-page';

const api = vi.hoisted(() => ({ getEscalation: vi.fn(), update: vi.fn(), project: { current: undefined as unknown } }));

vi.mock('@frontend/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-api')>()),
  useCallingGetEscalationQuery: api.getEscalation,
  useCallingUpdateEscalationMutation: () => [api.update, { isLoading: false }],
  useProjectsGetProjectQuery: () => ({ data: api.project.current, isFetching: false }),
  useProjectsGetClientQuery: () => ({ data: undefined, isFetching: false }),
}));

const LOG = {
  id: 41, callId: 41, projectId: 7, visitId: 900, visitorId: 'P900', result: 2, resultName: 'Do Not Call', isPartial: false,
  isAgreeComplete: false, isQARemoval: false, status: 'completed', surveyLanguageId: 1, surveyLanguage: { id: 1, name: 'English' },
  languageId: 1, language: 'English', callStart: '2026-03-04T15:00:00Z', surveyedOn: '2026-03-04T15:10:00Z',
  surveyCompletedOn: null, patientFirstName: 'Pat', patientLastName: 'Ient', patientFullName: 'Pat Ient',
  phoneCell: '5550100001', phoneHome: null, positive: null, negative: 'Rude', escalation: { id: 5, notes: 'Call back' },
  user: { id: 21, firstName: 'Sam', lastName: 'Surveyor' }, project: { id: 7, name: 'Riverside' },
} as unknown as CallLogRead;

const escalation = (log: CallLogRead): EscalationDetail => ({
  id: 5, callHisId: 41, callId: 41, log, notes: 'Call back', project: { id: 7, name: 'Riverside' }, projectId: 7,
  resolvedAt: null, status: false, statusName: 'Unresolved', surveyedOn: '2026-03-04T15:10:00Z',
  surveyor: { id: 21, firstName: 'Sam', lastName: 'Surveyor' }, surveyorId: 21,
});

const open = (log: CallLogRead) => {
  api.getEscalation.mockReturnValue({ data: { message: '', data: escalation(log) }, isError: false });
  render(
    <MemoryRouter initialEntries={['/escalations/5']}>
      <Routes><Route path="/escalations/:id" element={<EscalationDetailPage />} /></Routes>
    </MemoryRouter>,
  );
};

// MUI's default theme: error.main is #d32f2f
const RED = 'rgb(211, 47, 47)';

beforeEach(() => { api.project.current = undefined; });

describe('Escalation detail', () => {
  it('names the reporting period and contact types as the projects screens do, and a non-Agreed call Partial (spec §3, §4)', () => {
    api.project.current = { id: 7, name: 'Riverside', reportFreqId: 3, typeId: 1,
      contacts: [{ typeId: 0, firstName: 'Ann', lastName: 'Lee' }, { typeId: 3, firstName: 'Rob', lastName: 'Ray' }] };
    open(LOG);
    expect(screen.getByText('Quarterly')).toBeTruthy();
    expect(screen.getByText('Primary Contact:')).toBeTruthy();
    expect(screen.getByText('Reporting Contact:')).toBeTruthy();
    expect(screen.getByText('Partial')).toBeTruthy();
  });

  it('shows a Do Not Call result in red, as the Call Log does (spec §3: Do Not Call 2 (red))', () => {
    open(LOG);
    expect(getComputedStyle(screen.getByText('Do Not Call')).color).toBe(RED);
  });

  it('shows other results in the ordinary text colour', () => {
    open({ ...LOG, result: 3, resultName: 'Respondent Refused' });
    expect(getComputedStyle(screen.getByText('Respondent Refused')).color).not.toBe(RED);
  });

  it('lets an Arabic answer and comment read right to left (isolated beside the English titles)', () => {
    const well = 'الطاقم كان لطيفاً!';
    open({ ...LOG, positive: 'شكراً!', survey: [{ quesId: 6, sequence: 6, question: 'What did we do well', ansId: null,
      answer: null, openEnded: well }] } as unknown as CallLogRead);
    expect(screen.getByText(well).tagName).toBe('BDI');
    expect(screen.getByRole('textbox', { name: 'Positive' }).getAttribute('dir')).toBe('auto');
  });

  it('keeps pasted notes over 5000 characters whole, says so beside them and holds Save Notes and Resolve', () => {
    open(LOG);
    const notes = screen.getByRole('textbox', { name: 'Escalation Notes' }) as HTMLTextAreaElement;
    expect(notes.getAttribute('maxlength')).toBeNull();
    fireEvent.change(notes, { target: { value: 'é'.repeat(5001) } });
    expect(notes.value).toHaveLength(5001);
    expect(screen.getByText('At most 5000 characters (5001 typed)')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save Notes' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Resolve' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(notes, { target: { value: "Called back José O'Brien 😀" } });
    expect((screen.getByRole('button', { name: 'Save Notes' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('Escalation detail returns to the list as it was left', () => {
  // the list route: where the detail went back to
  function List() {
    const { pathname, search } = useLocation();
    return <span data-testid="list">{pathname}{search}</span>;
  }
  const openFromList = (state: unknown) => {
    api.getEscalation.mockReturnValue({ data: { message: '', data: escalation(LOG) }, isError: false });
    api.update.mockReset().mockReturnValue({ unwrap: () => Promise.resolve({ message: 'ok' }) });
    render(
      <MemoryRouter initialEntries={[{ pathname: '/ops/escalation-detail/5', state }]}>
        <Routes>
          <Route path="/ops">
            <Route path="escalations" element={<List />} />
            <Route path="escalation-detail/:id" element={<EscalationDetailPage />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
  };
  const search = 'unresolved=1&projectId=7&orderBy=projectName&orderDir=ASC&page=2';

  it('Go Back keeps the filters, sort and page', () => {
    openFromList({ listSearch: search });
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(screen.getByTestId('list').textContent).toBe(`/ops/escalations?${search}`);
  });

  it('Resolve keeps them too', async () => {
    vi.useFakeTimers();
    try {
      openFromList({ listSearch: search });
      await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Resolve' })); });
      expect(api.update).toHaveBeenCalledWith({ escalationUpdate: expect.objectContaining({ id: 5, status: true }) });
      await act(async () => { vi.advanceTimersByTime(RESOLVED_RETURN_MS); });
      expect(screen.getByTestId('list').textContent).toBe(`/ops/escalations?${search}`);
    } finally {
      vi.useRealTimers();
    }
  });

  it('opened without the list (a bookmark) goes back to the plain list', () => {
    openFromList(null);
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(screen.getByTestId('list').textContent).toBe('/ops/escalations');
  });
});
