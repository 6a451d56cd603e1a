import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { RosterExportPage } from './roster-export-page';

const api = vi.hoisted(() => ({ dispatch: vi.fn(), fetchPage: vi.fn(), download: vi.fn(), fetchUsers: vi.fn() }));

vi.mock('@frontend/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-api')>()),
  useAppDispatch: () => api.dispatch,
  useLazyIdentityListUsersQuery: () => [api.fetchUsers],
}));
vi.mock('@frontend/rosters-data-access', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/rosters-data-access')>()),
  useLazyRostersCalledRosterExportQuery: () => [api.fetchPage],
  downloadCsv: api.download,
}));

const failing = (status: number, message: string) => ({ unwrap: () => Promise.reject({ status, message }) });

let log: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  api.dispatch.mockReset();
  api.fetchPage.mockReset();
  api.download.mockReset();
  api.fetchUsers.mockReset().mockImplementation(({ role }: { role: number }) => ({ unwrap: () => Promise.resolve({
    rows: role === 3 ? [{ id: 21, firstName: 'Sam', lastName: 'Surveyor' }] : [], count: role === 3 ? 1 : 0 }) }));
  log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => log.mockRestore());

const page = () => render(<MemoryRouter><RosterExportPage projectId={7} /></MemoryRouter>);

describe('Surveyors Called Roster Export', () => {
  it('keeps "Export Csv" on one line beside the date fields', () => {
    page();
    const style = getComputedStyle(screen.getByRole('button', { name: 'Export Csv' }));
    expect([style.whiteSpace, style.flexShrink]).toEqual(['nowrap', '0']);
  });

  // survey-work §8: "export failure in roster export is only logged with the loader closing"
  it.each([[403, 'projectId: you can only export your own projects'], [404, 'Jane Doe not found'], [500, 'boom']])(
    'a failed export (%i) is only logged, without the message, and the loader closes: no alert',
    async (status, message) => {
      api.fetchPage.mockReturnValue(failing(status, message));
      page();
      fireEvent.click(screen.getByRole('button', { name: 'Export Csv' }));
      await waitFor(() => expect(log).toHaveBeenCalledWith('roster export failed', { status }));
      expect(JSON.stringify(log.mock.calls)).not.toContain(message);
      await waitFor(() => expect((screen.getByRole('button', { name: 'Export Csv' }) as HTMLButtonElement).disabled).toBe(false));
      expect(api.dispatch).not.toHaveBeenCalled();
      expect(api.download).not.toHaveBeenCalled();
    }, 60_000);

  it('a successful export downloads the CSV and shows the server message', async () => {
    api.fetchPage.mockReturnValue({ unwrap: () => Promise.resolve({ message: 'Export Successful!', data: { rows: [{
      project: { name: 'Riverside' }, user: null, firstName: 'A', lastName: 'B', result: 1, isPartial: false,
      provider: {}, department: {}, site: {} }], count: 1 } }) });
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Export Csv' }));
    await waitFor(() => expect(api.download).toHaveBeenCalledTimes(1));
    expect(api.dispatch).toHaveBeenCalledWith(expect.objectContaining({ payload: expect.objectContaining({ text: 'Export Successful!' }) }));
    expect(log).not.toHaveBeenCalled();
  }, 60_000);

  it("names the surveyor from the user directory (the rows carry the id), and keeps the id if it is not there", async () => {
    const row = { project: { name: 'Riverside' }, firstName: 'A', lastName: 'B', result: 1, isPartial: false,
      provider: {}, department: {}, site: {} };
    api.fetchPage.mockReturnValue({ unwrap: () => Promise.resolve({ message: 'Export Successful!', data: { rows: [
      { ...row, user: { id: 21 } }, { ...row, user: { id: 99 } }], count: 2 } }) });
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Export Csv' }));
    await waitFor(() => expect(api.download).toHaveBeenCalledTimes(1));
    const lines = api.download.mock.calls[0][2] as unknown[][];
    expect(lines.map((l) => l[1])).toEqual(['Sam Surveyor', 99]);
    expect(api.fetchUsers).toHaveBeenCalledWith({ role: 3, paginated: false }, true);
  }, 60_000);

  it('writes the call and survey times in Central time with seconds (survey-work §9 MM/DD/YYYY hh:mm:ss), unmarked as in the servers\' exports', async () => {
    api.fetchPage.mockReturnValue({ unwrap: () => Promise.resolve({ message: 'Export Successful!', data: { rows: [{
      project: { name: 'Riverside' }, user: null, firstName: 'A', lastName: 'B', result: 1, isPartial: false,
      surveyedOn: '2026-07-01T17:05:09Z', surveyCompletedOn: '2026-01-15T03:00:07', provider: {}, department: {}, site: {} }], count: 1 } }) });
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Export Csv' }));
    await waitFor(() => expect(api.download).toHaveBeenCalledTimes(1));
    const [header, [line]] = [api.download.mock.calls[0][1] as string[], api.download.mock.calls[0][2] as unknown[][]];
    // a spreadsheet reads "07/01/2026 12:05:09 PM" as a date-time; with " CST" after it, as text
    // surveyedOn (when the call's result was recorded) is headed as the survey export heads it: "Call Date/Time" is
    // the call's start in the Call Log export and the client report, which these rows do not carry
    expect(header).not.toContain('Call Date/Time');
    expect(line[header.indexOf('Surveyed On')]).toBe('07/01/2026 12:05:09 PM');
    expect(line[header.indexOf('Survey Date/Time')]).toBe('01/14/2026 09:00:07 PM');
  }, 60_000);
});

describe('Surveyors Called Roster Export: readable cells', () => {
  it('names the Patient Type (not its code), writes DOB, DOS and last encounters as MM/DD/YYYY and phones as (###) ###-####', async () => {
    api.fetchPage.mockReturnValue({ unwrap: () => Promise.resolve({ message: 'Export Successful!', data: { rows: [{
      project: { name: 'Riverside' }, user: null, firstName: 'A', lastName: 'B', result: 4, isPartial: true,
      dob: '1989-08-25', dos: '2026-10-30', typeId: 2, visitPurpose: 'New', phoneCell: '5550101234', phoneHome: null,
      provider: { lastEncounter: '2026-11-24' }, department: { lastEncounter: null }, site: {} }], count: 1 } }) });
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Export Csv' }));
    await waitFor(() => expect(api.download).toHaveBeenCalledTimes(1));
    const [header, [line]] = [api.download.mock.calls[0][1] as string[], api.download.mock.calls[0][2] as unknown[][]];
    expect(line[header.indexOf('Patient Type')]).toBe('New');
    // a call that was not Agreed to Survey ended partial (survey-work §4), as the Call Log export says it
    expect(line[header.indexOf('Survey Status')]).toBe('Partial');
    expect(line[header.indexOf('DOB')]).toBe('08/25/1989');
    expect(line[header.indexOf('DOS')]).toBe('10/30/2026');
    expect(line[header.indexOf('Provider Last Encounter')]).toBe('11/24/2026');
    expect(line[header.indexOf('Department Last Encounter')]).toBe('');
    // phones as every screen shows them, (###) ###-#### (platform §2.7); none is an empty cell
    expect(line[header.indexOf('Cell Phone')]).toBe('(555) 010-1234');
    expect(line[header.indexOf('Home Phone')]).toBe('');
  }, 60_000);
});

describe('Surveyors Called Roster Export: nothing to export', () => {
  it('downloads nothing and says No Data Found as an info notice', async () => {
    api.fetchPage.mockReturnValue({ unwrap: () => Promise.resolve({ message: '', data: { rows: [], count: 0 } }) });
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Export Csv' }));
    await waitFor(() => expect(api.dispatch).toHaveBeenCalledTimes(1));
    expect(api.dispatch).toHaveBeenCalledWith(expect.objectContaining({ payload: expect.objectContaining({ kind: 'info', text: 'No Data Found' }) }));
    expect(api.download).not.toHaveBeenCalled();
  }, 60_000);
});
