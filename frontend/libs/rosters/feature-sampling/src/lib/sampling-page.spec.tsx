import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { SamplingPage, surveysText } from './sampling-page';

const api = vi.hoisted(() => ({ ops: vi.fn(), saveProviders: vi.fn(), mutation: () => [vi.fn(), { isLoading: false }], sampling: vi.fn(), project: vi.fn() }));

const SAMPLING = { data: { rows: [{ id: 1, projectId: 7, typeId: 0, priority: 1 }], lookBackDays: 30, maxCalls: 3,
  languages: [{ languageId: 1, name: 'English', mode: 1, allowedSamples: null, surveys: 1 },
    { languageId: 2, name: 'Spanish', mode: 1, allowedSamples: null, surveys: 0 }] }, isLoading: false, isFetching: false, refetch: vi.fn() };

vi.mock('@frontend/rosters-data-access', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/rosters-data-access')>()),
  useRostersGetSamplingQuery: () => api.sampling(),
  useRostersListSamplingProvidersQuery: () => ({ isFetching: false, data: { count: 1, rows: [
    { name: 'Dr Smith', surveyRequired: 5, surveys: 2, surveyRemaining: 3, lastEncounter: '2026-10-27', eligibleEnc: 9, encounters: 10 }] } }),
  useRostersSamplingOperationsMutation: () => [api.ops, { isLoading: false }],
  useRostersUpdateSamplingProvidersMutation: () => [api.saveProviders, { isLoading: false }],
  useRostersAddSamplingParameterMutation: api.mutation,
  useRostersDeleteSamplingParameterMutation: api.mutation,
  useRostersUpdateSamplingMutation: api.mutation,
  useRostersUpdateLanguageSamplingMutation: api.mutation,
}));

vi.mock('@frontend/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-api')>()),
  useProjectsGetProjectQuery: api.project,
}));

const refused = { unwrap: () => Promise.reject({ status: 422, message: 'rows #1, surveyRequired: Input should be less than or equal to 1000000' }) };
const saved = { unwrap: () => Promise.resolve({ message: 'Saved' }) };

beforeEach(() => {
  api.sampling.mockReset();
  api.sampling.mockReturnValue(SAMPLING);
  api.project.mockReset();
  api.project.mockReturnValue({ data: { id: 7 }, isLoading: false });
  api.ops.mockReset();
  api.saveProviders.mockReset();
});

const page = () => render(<MemoryRouter initialEntries={['/sampling/7']}><Routes><Route path="/sampling/:id" element={<SamplingPage />} /></Routes></MemoryRouter>);
const required = () => screen.getByRole('spinbutton', { name: 'Surveys required for Dr Smith' }) as HTMLInputElement;
const saveRequired = () => screen.getByRole('button', { name: 'Save required' }) as HTMLButtonElement;

describe('Sampling Parameters: options', () => {
  it('an emptied Look-back days says Required and is not saved as 0', async () => {
    page();
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Look-back days' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(api.ops).not.toHaveBeenCalled();
  });

  it('saves the numbers given', async () => {
    page();
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Look-back days' }), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.ops).toHaveBeenCalledWith({ samplingOperations: { projectId: 7, lookBack: 0, maxCalls: 3 } }));
  });
});

describe('Sampling Parameters: language panel', () => {
  it('counts surveys in the singular for one', () => {
    expect([0, 1, 2, 12].map(surveysText)).toEqual(['0 surveys', '1 survey', '2 surveys', '12 surveys']);
    page();
    expect(within(screen.getByTestId('language-English')).getByText('1 survey')).toBeTruthy();
    expect(within(screen.getByTestId('language-Spanish')).getByText('0 surveys')).toBeTruthy();
  });
});

describe('Sampling Parameters: allowed samples typed oddly (said beside the field, Save held)', () => {
  it.each([['-4', '0 or more'], ['2.5', 'A whole number'], ['1000001', 'At most 1000000'], ['', 'Required']])(
    'allowed samples %s says %s', (typed, message) => {
      page();
      fireEvent.click(within(screen.getByTestId('language-Spanish')).getByRole('button', { name: 'Set' }));
      fireEvent.change(screen.getByRole('spinbutton', { name: 'Spanish allowed samples' }), { target: { value: typed } });
      expect(within(screen.getByTestId('language-Spanish')).getByText(message)).toBeTruthy();
      expect((screen.getByRole('button', { name: 'Save languages' }) as HTMLButtonElement).disabled).toBe(true);
    });

  it('saves a whole number in range', () => {
    page();
    fireEvent.click(within(screen.getByTestId('language-Spanish')).getByRole('button', { name: 'Set' }));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Spanish allowed samples' }), { target: { value: '1000000' } });
    expect((screen.getByRole('button', { name: 'Save languages' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('Sampling Parameters: providers', () => {
  it('dates Last Encounter MM/DD/YYYY', () => {
    page();
    expect(within(screen.getByRole('table', { name: 'Sampling Providers' })).getByText('10/27/2026')).toBeTruthy();
  });

  it('names the provider whose Surveys Required is over the server’s 1,000,000, and does not save', () => {
    page();
    fireEvent.change(required(), { target: { value: '2000000' } });
    expect(screen.getByRole('alert').textContent).toBe('Surveys Required for Dr Smith: a whole number from 0 to 1,000,000');
    expect(saveRequired().disabled).toBe(true);
    fireEvent.change(required(), { target: { value: '1000000' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(saveRequired().disabled).toBe(false);
  });

  it('keeps the edits when the save is refused, and clears them once it succeeds', async () => {
    api.saveProviders.mockReturnValue(refused);
    page();
    fireEvent.change(required(), { target: { value: '7' } });
    fireEvent.click(saveRequired());
    await waitFor(() => expect(api.saveProviders).toHaveBeenCalledWith({ providersUpdate: { projectId: 7, type: 0, rows: [{ name: 'Dr Smith', surveyRequired: 7 }] } }));
    await new Promise((r) => setTimeout(r, 0));
    expect(required().value).toBe('7');
    expect(saveRequired().disabled).toBe(false);
    api.saveProviders.mockReturnValue(saved);
    fireEvent.click(saveRequired());
    await waitFor(() => expect(required().value).toBe('5'));
  });
});

describe('Sampling Parameters: read-only (the admin opened the project in view mode)', () => {
  const actions = ['Update', 'Add parameter', 'Save', 'Save languages', 'Save required', 'Move Provider up', 'Delete Provider'];

  it('offers no control that changes the sampling, and the fields cannot be edited', () => {
    render(<MemoryRouter initialEntries={['/sampling/7']}><Routes><Route path="/sampling/:id" element={<SamplingPage readOnly />} /></Routes></MemoryRouter>);
    for (const name of actions) expect(screen.queryByRole('button', { name })).toBeNull();
    expect((screen.getByRole('spinbutton', { name: 'Look-back days' }) as HTMLInputElement).disabled).toBe(true);
    expect(required().disabled).toBe(true);
    for (const open of screen.getAllByRole('button', { name: 'Open' })) expect((open as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('sampling-parameter').getAttribute('draggable')).toBe('false');
  });

  it('keeps them all otherwise', () => {
    page();
    for (const name of actions) expect(screen.getByRole('button', { name })).toBeTruthy();
  });
});

describe('Sampling Parameters: a project the rosters service has not heard of yet', () => {
  const NOT_YET = 'Project 7 is not known to the rosters service yet; it may have been created a moment ago - try again shortly';

  it('says so honestly, not "not available to you", and Retry asks again', () => {
    const refetch = vi.fn();
    api.sampling.mockReturnValue({ error: { status: 404, message: NOT_YET }, isLoading: false, isFetching: false, refetch });
    page();
    expect(screen.getByRole('alert').textContent).toBe(NOT_YET);
    expect(screen.queryByText('This project is not available to you.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(api.project).toHaveBeenLastCalledWith({ projectId: 7 }, { skip: false });
  });

  it('says "No record found." when the projects service does not know the project either (an unknown id)', () => {
    api.sampling.mockReturnValue({ error: { status: 404, message: NOT_YET }, isLoading: false, isFetching: false, refetch: vi.fn() });
    api.project.mockReturnValue({ error: { status: 404, message: 'Project not found' }, isLoading: false });
    page();
    expect(screen.getByText('No record found.')).toBeTruthy();
    expect(screen.queryByText(NOT_YET)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('does not ask the projects service when the sampling loaded', () => {
    page();
    expect(api.project).toHaveBeenLastCalledWith({ projectId: 7 }, { skip: true });
  });

  it('keeps "not available to you" for a project the caller may not see', () => {
    api.sampling.mockReturnValue({ error: { status: 404, message: 'Project 7 not found' }, isLoading: false, isFetching: false, refetch: vi.fn() });
    page();
    expect(screen.getByRole('alert').textContent).toBe('This project is not available to you.');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

describe('Sampling Parameters: priority order (unsaved until Update, survey-work.md §4)', () => {
  const TWO = { ...SAMPLING, data: { ...SAMPLING.data, rows: [{ id: 1, projectId: 7, typeId: 0, priority: 1 }, { id: 2, projectId: 7, typeId: 1, priority: 2 }] } };
  const order = () => screen.getAllByTestId('sampling-parameter').map((li) => li.textContent);

  it('Cancel puts the saved order back, without saving', () => {
    api.sampling.mockReturnValue(TWO);
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Move Site up' }));
    expect(order()).toEqual(['1. Site', '2. Provider']);
    expect(screen.getByText('The new order is not saved until you press Update.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(order()).toEqual(['1. Provider', '2. Site']);
    expect(screen.queryByText('The new order is not saved until you press Update.')).toBeNull();
    expect((screen.getByRole('button', { name: 'Update' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('a refetch after another panel’s save (the same list, a new answer) keeps the order not yet Updated', () => {
    api.sampling.mockReturnValue(TWO);
    const { rerender } = page();
    fireEvent.click(screen.getByRole('button', { name: 'Move Site up' }));
    api.sampling.mockReturnValue({ ...TWO, data: { ...TWO.data, rows: TWO.data.rows.map((r) => ({ ...r })) } });
    rerender(<MemoryRouter initialEntries={['/sampling/7']}><Routes><Route path="/sampling/:id" element={<SamplingPage />} /></Routes></MemoryRouter>);
    expect(order()).toEqual(['1. Site', '2. Provider']);
    // a list that did change on the server (a parameter added) starts the order again from the server's
    api.sampling.mockReturnValue({ ...TWO, data: { ...TWO.data, rows: [...TWO.data.rows, { id: 3, projectId: 7, typeId: 2, priority: 3 }] } });
    rerender(<MemoryRouter initialEntries={['/sampling/7']}><Routes><Route path="/sampling/:id" element={<SamplingPage />} /></Routes></MemoryRouter>);
    expect(order()).toEqual(['1. Provider', '2. Site', '3. Department']);
  });
});

describe('Sampling Parameters: language edits not yet saved', () => {
  it('survive a refetch with the same content, and give way to a changed one', () => {
    const { rerender } = page();
    fireEvent.click(within(screen.getByTestId('language-Spanish')).getByRole('button', { name: 'Set' }));
    const spanishSet = () => screen.queryByRole('spinbutton', { name: 'Spanish allowed samples' });
    expect(spanishSet()).toBeTruthy();
    const again = (languages: typeof SAMPLING.data.languages) => {
      api.sampling.mockReturnValue({ ...SAMPLING, data: { ...SAMPLING.data, languages } });
      rerender(<MemoryRouter initialEntries={['/sampling/7']}><Routes><Route path="/sampling/:id" element={<SamplingPage />} /></Routes></MemoryRouter>);
    };
    again(SAMPLING.data.languages.map((l) => ({ ...l })));
    expect(spanishSet()).toBeTruthy();
    again(SAMPLING.data.languages.map((l) => (l.languageId === 2 ? { ...l, mode: 2 } : l)));
    expect(spanishSet()).toBeNull();
  });
});
