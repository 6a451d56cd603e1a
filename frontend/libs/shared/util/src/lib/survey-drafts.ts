/** One answer of a survey in progress, as the questionnaire pane reports it and the call screen saves it. */
export type SurveyAnswerDraft = { quesId: number; sequence: number; ansId: number | null; openEnded: string | null };
