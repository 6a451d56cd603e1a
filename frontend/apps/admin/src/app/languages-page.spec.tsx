import { fireEvent, render, screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import { LanguagesPage } from './languages-page';

const api = vi.hoisted(() => ({ list: vi.fn(), usage: vi.fn() }));

vi.mock('@frontend/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-api')>()),
  useProjectsListLanguagesQuery: api.list,
  useProjectsCreateLanguageMutation: () => [vi.fn(), { isLoading: false }],
  useProjectsDeleteLanguageMutation: () => [vi.fn(), { isLoading: false }],
  useProjectsLanguageUsageQuery: api.usage,
}));

const lang = (id: number, name: string) => ({ id, name });
// the table's first page holds English and Spanish; Korean is on page 2
const PAGE_1 = [lang(1, 'English'), lang(2, 'Spanish')];
const ALL = [...PAGE_1, lang(8, 'Korean')];

beforeEach(() => {
  api.list.mockReset().mockImplementation((arg: { paginated: boolean }) =>
    ({ data: arg.paginated ? { rows: PAGE_1, count: ALL.length } : { rows: ALL, count: ALL.length }, isFetching: false }));
  api.usage.mockReset().mockReturnValue({ data: undefined, isFetching: false, isError: false });
});

describe('Languages list', () => {
  it('offers Delete for every language but English, the default one', () => {
    render(<LanguagesPage />);
    expect(screen.queryByRole('button', { name: 'Delete English' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Spanish' })).toBeTruthy();
  });
});

describe('Languages: Add New Language suggestions', () => {
  it('leaves out every language already there, not only those on the page shown', () => {
    render(<LanguagesPage />);
    expect(api.list).toHaveBeenCalledWith({ paginated: false });
    const box = screen.getByRole('combobox', { name: 'Language name' });
    fireEvent.change(box, { target: { value: 'o' } });
    const list = within(screen.getByRole('listbox'));
    expect(list.queryByRole('option', { name: 'Korean' })).toBeNull();
    expect(list.queryByRole('option', { name: 'English' })).toBeNull();
    expect(list.getByRole('option', { name: 'Polish' })).toBeTruthy();
  });
});

describe('Languages: Delete confirmation', () => {
  it('says how many projects and surveyors speak the language and will lose it', () => {
    api.usage.mockImplementation((arg: { langId: number }, opts: { skip: boolean }) => (opts.skip ? { data: undefined, isFetching: false, isError: false }
      : { data: { data: { id: arg.langId, name: 'Spanish', projects: 3, surveyors: 1 } }, isFetching: false, isError: false }));
    render(<LanguagesPage />);
    expect(api.usage).toHaveBeenLastCalledWith({ langId: 0 }, { skip: true, refetchOnMountOrArgChange: true });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Spanish' }));
    expect(api.usage).toHaveBeenLastCalledWith({ langId: 2 }, { skip: false, refetchOnMountOrArgChange: true });
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText('Delete the language Spanish? 3 projects and 1 surveyor speak it and will lose it.')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Yes, Delete' })).toBeTruthy();
  });

  it('says so when nobody speaks it, and still asks while the count is on its way', () => {
    api.usage.mockReturnValue({ data: undefined, isFetching: true, isError: false });
    const { rerender } = render(<LanguagesPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Spanish' }));
    expect(within(screen.getByRole('dialog')).getByText(/^Delete the language Spanish\? Checking which projects/)).toBeTruthy();
    api.usage.mockReturnValue({ data: { data: { id: 2, name: 'Spanish', projects: 0, surveyors: 0 } }, isFetching: false, isError: false });
    rerender(<LanguagesPage />);
    expect(within(screen.getByRole('dialog')).getByText('Delete the language Spanish? No project or surveyor speaks it.')).toBeTruthy();
  });
});
