import { fireEvent, render, screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import { LanguagesPage } from './languages-page';

const api = vi.hoisted(() => ({ list: vi.fn() }));

vi.mock('@frontend/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-api')>()),
  useProjectsListLanguagesQuery: api.list,
  useProjectsCreateLanguageMutation: () => [vi.fn(), { isLoading: false }],
  useProjectsDeleteLanguageMutation: () => [vi.fn(), { isLoading: false }],
}));

const lang = (id: number, name: string) => ({ id, name });
// the table's first page holds English and Spanish; Korean is on page 2
const PAGE_1 = [lang(1, 'English'), lang(2, 'Spanish')];
const ALL = [...PAGE_1, lang(8, 'Korean')];

beforeEach(() => {
  api.list.mockReset().mockImplementation((arg: { paginated: boolean }) =>
    ({ data: arg.paginated ? { rows: PAGE_1, count: ALL.length } : { rows: ALL, count: ALL.length }, isFetching: false }));
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
