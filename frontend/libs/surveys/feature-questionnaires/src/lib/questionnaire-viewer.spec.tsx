import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { CALL_DISPOSITIONS, NO_QUESTIONNAIRE_TEXT, Role } from '@frontend/shared-util';
import { QuestionnairePane } from './questionnaire-pane';
import { QuestionnaireViewerPage, viewerBackPath } from './questionnaire-viewer-page';

const calls = vi.hoisted(() => ({ questionnaire: vi.fn(), role: 1 }));

vi.mock('@frontend/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-api')>()),
  useAppSelector: (pick: (s: unknown) => unknown) => pick({ auth: { user: { id: 3, role: calls.role } } }),
  useProjectsListLanguagesQuery: () => ({ data: { rows: [] }, isError: false }),
  useSurveysGetQuestionnaireQuery: calls.questionnaire,
  useSurveysListLogicQuery: () => ({ data: { rows: [], count: 0 } }),
}));

beforeEach(() => {
  calls.role = Role.ProjectManager;
  calls.questionnaire.mockReset().mockReturnValue({ data: { rows: [], count: 0 }, isLoading: false, isError: false });
});

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

const viewer = (entries: string[]) => render(
  <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
    <Routes>
      <Route path="/project-manager/questionnaire-viewer/:id" element={<QuestionnaireViewerPage />} />
      <Route path="*" element={<Where />} />
    </Routes>
  </MemoryRouter>,
);

describe('Questionnaire viewer', () => {
  it('offers the call screen’s dispositions (Agreed to Survey, not Survey Complete)', () => {
    viewer(['/project-manager/questionnaire-viewer/7']);
    fireEvent.click(screen.getByRole('button', { name: 'Start Call' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Call Disposition' }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent))
      .toEqual(CALL_DISPOSITIONS.map((d) => d.label));
    expect(screen.queryByRole('option', { name: 'Survey Complete' })).toBeNull();
  });

  it('goes back to the page it was opened from', () => {
    viewer(['/project-manager/my-projects', '/project-manager/questionnaire-viewer/7']);
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(screen.getByTestId('where').textContent).toBe('/project-manager/my-projects');
  });

  it('opened directly (a new tab), goes to the role’s Questionnaires instead of leaving the app', () => {
    viewer(['/project-manager/questionnaire-viewer/7']);
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(screen.getByTestId('where').textContent).toBe('/project-manager/questionnaires');
  });

  it('sends each role without a Questionnaires list to its home', () => {
    expect(viewerBackPath(Role.Operations)).toBe('/ops/questionnaires');
    expect(viewerBackPath(Role.Surveyor)).toBe('/surveyor/my-projects');
    expect(viewerBackPath(Role.CimrSurveyor)).toBe('/ccs/my-projects');
    expect(viewerBackPath(Role.KellerSurveyor)).toBe('/keller/my-projects');
    expect(viewerBackPath(Role.CimrManager)).toBe('/cimr/all-surveyors');
  });
});

describe('Questionnaire pane empty state (spec §8)', () => {
  it('says there is no questionnaire in the language as plain text, not a warning', () => {
    calls.questionnaire.mockReturnValue({ isLoading: false, isError: true, error: { status: 404, data: { message: NO_QUESTIONNAIRE_TEXT } } });
    render(<QuestionnairePane projectId={7} callId={null} languageId={2} locked={false} />);
    expect(screen.getByText(NO_QUESTIONNAIRE_TEXT)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the same for a questionnaire without questions', () => {
    render(<QuestionnairePane projectId={7} callId={null} languageId={1} locked={false} />);
    expect(screen.getByText(NO_QUESTIONNAIRE_TEXT)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('still warns about another failure', () => {
    calls.questionnaire.mockReturnValue({ isLoading: false, isError: true, error: { status: 500, data: { message: 'boom' } } });
    render(<QuestionnairePane projectId={7} callId={null} languageId={1} locked={false} />);
    expect(screen.getByRole('alert').textContent).toContain('boom');
  });
});
