import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { RosterHistory, RosterUploadPage } from './roster-upload-page';

const api = vi.hoisted(() => ({ list: vi.fn(), upload: vi.fn(), mutation: () => [vi.fn(), { isLoading: false }], dropZone: vi.fn() }));

vi.mock('@frontend/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-api')>()),
  useAppDispatch: () => vi.fn(),
  useAppSelector: (pick: (s: unknown) => unknown) => pick({ auth: { token: 't' } }),
}));
vi.mock('@frontend/rosters-data-access', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/rosters-data-access')>()),
  useRostersListRostersQuery: api.list,
  useRostersUndoRosterMutation: api.mutation,
  useRostersDeleteRosterMutation: api.mutation,
  useRostersSamplingOperationsMutation: api.mutation,
  uploadRoster: api.upload,
}));
vi.mock('@frontend/shared-ui', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-ui')>()),
  FileDropZone: (props: { onFile: (f: File) => void; accept?: string[] }) => {
    api.dropZone(props);
    return <button type="button" onClick={() => props.onFile(new File(['a'], 'roster.csv', { type: 'text/csv' }))}>Drop file</button>;
  },
}));

const roster = { id: 3, projectId: 7, fileName: 'roster.csv', uploadedOn: '2026-11-26T01:08:27Z', rangeStartDate: '2026-10-27',
  rangeEndDate: '2026-11-20', totalEnc: 12, status: 2, isUndoable: false, error: null };

beforeEach(() => {
  api.list.mockReset().mockReturnValue({ data: { count: 1, rows: [roster] }, isFetching: false, refetch: vi.fn() });
  api.upload.mockReset();
});

describe('Roster history (Roster Upload and Project Details)', () => {
  it('shows Uploaded On in Central time (spec §9) and the range as MM/DD/YYYY', () => {
    render(<MemoryRouter><RosterHistory projectId={7} /></MemoryRouter>);
    const cells = within(screen.getByRole('table', { name: 'Roster history' })).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(0, 4)).toEqual(['11/25/2026 07:08:27 PM CST', 'roster.csv', '10/27/2026', '11/20/2026']);
  });

  it('names each status icon for a screen reader: the status, or the error of a failed roster', () => {
    api.list.mockReturnValue({ data: { count: 2, rows: [{ ...roster, id: 4, status: 1 }, { ...roster, status: 3, error: 'Bad header row' }] }, isFetching: false, refetch: vi.fn() });
    render(<MemoryRouter><RosterHistory projectId={7} /></MemoryRouter>);
    const table = within(screen.getByRole('table', { name: 'Roster history' }));
    expect(table.getByRole('img', { name: 'Ready' })).toBeTruthy();
    expect(table.getByRole('img', { name: 'Bad header row' })).toBeTruthy();
  });

  // the server answers newest first: the header must say so (↓), and the query states it
  it.each([
    ['Project Details', () => <RosterHistory projectId={7} />],
    ['Roster Upload', () => <RosterUploadPage projectId={7} />],
  ])('%s: sorted by Uploaded On, newest first, and the header says descending', (_name, ui) => {
    render(<MemoryRouter>{ui()}</MemoryRouter>);
    expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ projectId: 7, orderBy: 'uploadedOn', orderDir: 'DESC' }));
    const header = within(screen.getByRole('table', { name: 'Roster history' })).getByRole('columnheader', { name: /Uploaded On/ });
    expect(header.getAttribute('aria-sort')).toBe('descending');
  });

  it('puts every row’s Delete in the same place, with or without Undo', () => {
    api.list.mockReturnValue({ data: { count: 2, rows: [{ ...roster, id: 4, status: 1, isUndoable: true }, { ...roster, status: 1 }] }, isFetching: false, refetch: vi.fn() });
    render(<MemoryRouter><RosterUploadPage projectId={7} /></MemoryRouter>);
    const slots = (id: number) => {
      const del = screen.getByRole('button', { name: `Delete roster ${id}` });
      const stack = del.parentElement as HTMLElement;
      return [stack.children.length, Array.from(stack.children).indexOf(del)];
    };
    expect([slots(4), slots(3)]).toEqual([[2, 1], [2, 1]]);
    expect(screen.getAllByTestId('undo-placeholder')).toHaveLength(1);
  });

  it('takes a roster as .csv or .pdf (the shared drop zone’s default; the server reads a PDF’s table)', () => {
    render(<MemoryRouter><RosterUploadPage projectId={7} /></MemoryRouter>);
    expect(api.dropZone).toHaveBeenLastCalledWith(expect.not.objectContaining({ accept: expect.anything() }));
  });

  it('says a project created a moment ago is not in the rosters service yet, and Retry asks again', () => {
    const refetch = vi.fn();
    const message = 'Project 7 is not known to the rosters service yet; it may have been created a moment ago';
    api.list.mockReturnValue({ data: undefined, error: { status: 404, message }, isFetching: false, refetch });
    render(<MemoryRouter><RosterUploadPage projectId={7} /></MemoryRouter>);
    expect(screen.getByRole('alert').textContent).toBe(message);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalled();
  });

  it('says the rows are being checked once the file is sent, and a preview read from another encoding says so', async () => {
    let answer: (v: unknown) => void = () => undefined;
    api.upload.mockImplementation((_p: number, _f: File, _t: string, onProgress: (n: number) => void) => {
      onProgress(100);
      return new Promise((resolve) => { answer = resolve; });
    });
    render(<MemoryRouter><RosterUploadPage projectId={7} /></MemoryRouter>);
    fireEvent.click(screen.getByRole('button', { name: 'Drop file' }));
    expect((await screen.findByRole('status')).textContent).toBe('File uploaded; checking the roster\'s rows…');
    answer({ message: '', data: { uploadId: 'u1', projectId: 7, rowCount: 1, rangeStartDate: null, rangeEndDate: null,
      languages: [], providers: [{ name: 'Dr. Pérez', count: 1 }], sites: [], departments: [], errorCount: 0, errors: [],
      encoding: 'Windows-1252' } });
    expect((await screen.findByText(/was saved as Windows-1252, not UTF-8/)).textContent).toMatch(/check that accented letters/);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says Importing… on Confirm while the server imports the roster', async () => {
    api.upload.mockResolvedValue({ message: '', data: { uploadId: 'u1', projectId: 7, rowCount: 1, rangeStartDate: null,
      rangeEndDate: null, languages: [], providers: [], sites: [], departments: [], errorCount: 0, errors: [] } });
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined))); // the import is still running
    render(<MemoryRouter><RosterUploadPage projectId={7} /></MemoryRouter>);
    fireEvent.click(screen.getByRole('button', { name: 'Drop file' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(((await screen.findByRole('button', { name: 'Importing…' })) as HTMLButtonElement).disabled).toBe(true);
    vi.unstubAllGlobals();
  });

  it('dates the preview’s dates of service MM/DD/YYYY', async () => {
    api.upload.mockResolvedValue({ message: '', data: { uploadId: 'u1', projectId: 7, rowCount: 12, rangeStartDate: '2026-10-27',
      rangeEndDate: '2026-11-20', languages: [], providers: [], sites: [], departments: [], errorCount: 0, errors: [] } });
    render(<MemoryRouter><RosterUploadPage projectId={7} /></MemoryRouter>);
    fireEvent.click(screen.getByRole('button', { name: 'Drop file' }));
    expect(await screen.findByText('12 encounters, dates of service 10/27/2026 to 11/20/2026')).toBeTruthy();
  });
});

describe('Roster Upload read-only (the admin opened the project in view mode)', () => {
  const undoable = { ...roster, status: 1, isUndoable: true }; // Ready: both undo and delete are offered

  it('shows the history without upload, undo, delete or the final count', () => {
    api.list.mockReturnValue({ data: { count: 1, rows: [undoable] }, isFetching: false, refetch: vi.fn() });
    render(<MemoryRouter><RosterUploadPage projectId={7} readOnly /></MemoryRouter>);
    expect(within(screen.getByRole('table', { name: 'Roster history' })).getByText('roster.csv')).toBeTruthy();
    for (const name of ['Drop file', 'Submit Final Count', 'Undo roster 3', 'Delete roster 3']) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('keeps them all otherwise', () => {
    api.list.mockReturnValue({ data: { count: 1, rows: [undoable] }, isFetching: false, refetch: vi.fn() });
    render(<MemoryRouter><RosterUploadPage projectId={7} /></MemoryRouter>);
    for (const name of ['Drop file', 'Submit Final Count', 'Undo roster 3', 'Delete roster 3']) expect(screen.getByRole('button', { name })).toBeTruthy();
  });
});
