/** One answer of a call's questionnaire as the call screen keeps it (offline drafts) and sends it in
 * `POST call-survey`; shared by the surveys questionnaire pane and the calling call screen. */
export type SurveyAnswerDraft = {
  quesId: number;
  sequence: number;
  ansId: number | null;
  openEnded: string | null;
};
