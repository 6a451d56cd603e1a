import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { CALL_DISPOSITIONS, NO_QUESTIONNAIRE_TEXT, Role } from '@frontend/shared-util';
import { QuestionnairePane } from './questionnaire-pane';
import { QuestionnaireViewerPage, viewerBackPath } from './questionnaire-viewer-page';

const calls = vi.hoisted(() => ({ questionnaire: vi.fn(), languages: vi.fn(), logic: vi.fn(), role: 1 }));

vi.mock('@frontend/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-api')>()),
  useAppSelector: (pick: (s: unknown) => unknown) => pick({ auth: { user: { id: 3, role: calls.role } } }),
  useProjectsListLanguagesQuery: calls.languages,
  useSurveysGetQuestionnaireQuery: calls.questionnaire,
  useSurveysListLogicQuery: calls.logic,
}));

beforeEach(() => {
  calls.role = Role.ProjectManager;
  calls.languages.mockReset().mockReturnValue({ data: { rows: [] }, isError: false });
  calls.questionnaire.mockReset().mockReturnValue({ data: { rows: [], count: 0 }, isLoading: false, isError: false });
  calls.logic.mockReset().mockReturnValue({ data: { rows: [], count: 0 } });
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

  it('prints the whole questionnaire: the pane grows on paper, the lock cover and the preview controls stay off it', () => {
    calls.questionnaire.mockReturnValue({ data: { rows: [{ quesId: 1, sequence: 1, quesSequence: 1, type: 3, projectId: 7,
      question: { id: 1, title: 'Did well', isQuestion: false, text: 'What did we do well?', textLangId: 1 }, answers: [] }], count: 1 },
    isLoading: false, isError: false });
    viewer(['/project-manager/questionnaire-viewer/7']);
    const pane = screen.getByTestId('viewer-questionnaire');
    expect(pane.className).toContain('print-grow');
    expect(screen.getByText('The questionnaire opens when the call starts (Start Call).').closest('.no-print')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Call Disposition' }).closest('.no-print')).toBeTruthy();
  });

  it('wraps its controls on a narrow screen: Print, Start Call, Go Back and Take a break stay on the page', () => {
    viewer(['/project-manager/questionnaire-viewer/7']);
    const top = screen.getByRole('button', { name: 'Start Call' }).parentElement as HTMLElement;
    const bottom = screen.getByRole('combobox', { name: 'Call Disposition' }).closest('.no-print') as HTMLElement;
    expect(getComputedStyle(top).flexWrap).toBe('wrap');
    expect(getComputedStyle(bottom).flexWrap).toBe('wrap');
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
    // framed by the pane itself, as the questionnaire would be (the call screen adds no frame of its own)
    expect(screen.getByText(NO_QUESTIONNAIRE_TEXT).closest('[data-testid="questionnaire-frame"]')).not.toBeNull();
  });

  it('says the same for a questionnaire without questions', () => {
    render(<QuestionnairePane projectId={7} callId={null} languageId={1} locked={false} />);
    expect(screen.getByText(NO_QUESTIONNAIRE_TEXT)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leaves the survey unanswerable in a language without a questionnaire, chosen after one that had it', () => {
    // RTK Query keeps the last language's rows in `data` while the new language's answer is the 404
    const english = [{ quesId: 1, sequence: 1, quesSequence: 1, type: 1, projectId: 7,
      question: { id: 1, title: 'Care rating', isQuestion: false, text: 'How do you rate the care?', textLangId: 1 },
      answers: [{ id: 10, title: 'Excellent', rPosition: 1, text: 'Excellent', textLangId: 1 }] }];
    calls.questionnaire.mockReturnValue({ data: { rows: english, count: 1 }, isLoading: false, isError: true,
      error: { status: 404, data: { message: NO_QUESTIONNAIRE_TEXT } } });
    const onChange = vi.fn();
    const given = [{ quesId: 1, sequence: 1, ansId: 10, openEnded: null }];
    render(<QuestionnairePane projectId={7} callId={5} languageId={11} locked={false} restore={given} onChange={onChange} />);
    expect(screen.getByText(NO_QUESTIONNAIRE_TEXT)).toBeTruthy();
    // Save stays held (only Partial Survey or another disposition saves), and the answers given are not dropped
    expect(onChange).toHaveBeenLastCalledWith({ valid: false, answers: given });
  });

  it('still warns about another failure', () => {
    calls.questionnaire.mockReturnValue({ isLoading: false, isError: true, error: { status: 500, data: { message: 'boom' } } });
    render(<QuestionnairePane projectId={7} callId={null} languageId={1} locked={false} />);
    expect(screen.getByRole('alert').textContent).toContain('boom');
    expect(screen.getByRole('alert').closest('[data-testid="questionnaire-frame"]')).not.toBeNull();
  });
});

describe('Questionnaire pane in another language and script', () => {
  const AR_Q = 'كيف تقيم الرعاية التي تلقيتها؟';
  const rows = [
    { quesId: 1, sequence: 1, quesSequence: 1, type: 1, projectId: 7,
      question: { id: 1, title: 'Care rating', isQuestion: false, text: AR_Q, textLangId: 4 },
      answers: [{ id: 10, title: 'Excellent', rPosition: 1, text: 'ممتاز', textLangId: 4 },
        { id: 11, title: 'Poor', rPosition: 2, text: 'Poor', textLangId: 1 }] },
    { quesId: 2, sequence: 2, quesSequence: 2, type: 3, projectId: 7,
      question: { id: 2, title: 'Did well', isQuestion: false, text: 'What did we do well?', textLangId: 1 }, answers: [] },
  ];

  it('lets Arabic read right to left and says which texts are English stand-ins', () => {
    calls.questionnaire.mockReturnValue({ data: { rows, count: 2 }, isLoading: false, isError: false });
    render(<QuestionnairePane projectId={7} callId={null} languageId={4} locked={false} />);
    expect(screen.getByText(`1. ${AR_Q} *`).getAttribute('dir')).toBe('auto');
    expect(screen.getByText('ممتاز').getAttribute('dir')).toBe('auto');
    expect(within(screen.getByTestId('question-2')).getByRole('textbox').getAttribute('dir')).toBe('auto');
    // the untranslated question and answer are marked, and the pane says so once
    expect(within(screen.getByTestId('question-2')).getByText('Not in Arabic: shown in English')).toBeTruthy();
    expect(within(screen.getByTestId('question-1')).queryByText('Not in Arabic: shown in English')).toBeNull();
    expect(within(screen.getByTestId('question-1')).getByLabelText('Poor(English)')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Some texts have no Arabic translation');
  });

  it('lays an Arabic question out right to left (its answers after it, from the right); an English stand-in stays left to right', () => {
    calls.questionnaire.mockReturnValue({ data: { rows, count: 2 }, isLoading: false, isError: false });
    render(<QuestionnairePane projectId={7} callId={null} languageId={4} locked={false} />);
    expect(screen.getByTestId('question-1').getAttribute('dir')).toBe('rtl');
    expect(screen.getByTestId('question-2').getAttribute('dir')).toBe('ltr');
  });

  it('says texts are English stand-ins only where a question shown has one (not for one the logic hides)', () => {
    const translated = { ...rows[0], answers: [rows[0].answers[0]] };
    calls.questionnaire.mockReturnValue({ data: { rows: [translated, rows[1]], count: 2 }, isLoading: false, isError: false });
    calls.logic.mockReturnValue({ data: { rows: [{ id: 1, viaRoster: true, rosterField: 'gender', rosterValue: 'M',
      questionId: null, answerId: null, affectedQuestionIds: [2] }], count: 1 } });
    render(<QuestionnairePane projectId={7} callId={1} languageId={4} locked={false} rosterValues={{ gender: 'M' }} />);
    expect(screen.queryByTestId('question-2')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names a language an admin added after the twelve (Hmong) by its name, not "Language 13"', () => {
    calls.languages.mockReturnValue({ data: { rows: [{ id: 1, name: 'English' }, { id: 13, name: 'Hmong' }] }, isError: false });
    const hmong = [{ ...rows[0], question: { ...rows[0].question, text: 'How do you rate the care?', textLangId: 1 },
      answers: [{ id: 10, title: 'Excellent', rPosition: 1, text: 'Zoo heev', textLangId: 13 },
        { id: 11, title: 'Poor', rPosition: 2, text: 'Poor', textLangId: 1 }] }];
    calls.questionnaire.mockReturnValue({ data: { rows: hmong, count: 1 }, isLoading: false, isError: false });
    render(<QuestionnairePane projectId={7} callId={null} languageId={13} locked={false} />);
    expect(within(screen.getByTestId('question-1')).getByText('Not in Hmong: shown in English')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Some texts have no Hmong translation');
    expect(screen.queryByText(/Language 13/)).toBeNull();
  });

  it('locked before Start Call, is still a region the keyboard can reach and scroll', () => {
    calls.questionnaire.mockReturnValue({ data: { rows, count: 2 }, isLoading: false, isError: false });
    render(<QuestionnairePane projectId={7} callId={null} languageId={1} locked />);
    expect(screen.getByRole('region', { name: 'Questionnaire' }).tabIndex).toBe(0);
  });

  it('names each question\'s answers by the question, for a screen reader', () => {
    calls.questionnaire.mockReturnValue({ data: { rows, count: 2 }, isLoading: false, isError: false });
    render(<QuestionnairePane projectId={7} callId={null} languageId={1} locked={false} />);
    const radios = screen.getByRole('radiogroup', { name: `1. ${AR_Q} *` });
    expect(within(radios).getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByRole('group', { name: /What did we do well\?/ })).toBe(screen.getByTestId('question-2'));
  });

  it('names the open-ended answer by the question text shown, not its English title', () => {
    const spanish = [{ ...rows[1], question: { ...rows[1].question, text: '¿Qué hicimos bien?', textLangId: 2 } }];
    calls.questionnaire.mockReturnValue({ data: { rows: spanish, count: 1 }, isLoading: false, isError: false });
    render(<QuestionnairePane projectId={7} callId={null} languageId={2} locked={false} />);
    expect(screen.getByRole('textbox', { name: /^2\. ¿Qué hicimos bien\?/ })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Did well' })).toBeNull();
  });

  it('marks nothing in English', () => {
    calls.questionnaire.mockReturnValue({ data: { rows: rows.slice(1), count: 1 }, isLoading: false, isError: false });
    render(<QuestionnairePane projectId={7} callId={null} languageId={1} locked={false} />);
    expect(screen.queryByText(/shown in English/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
