// The questionnaire as the call screen and the viewer show it: texts in the chosen language (English where
// missing, and said so), display logic applied with the shared evaluator, required answers reported to the owner.
// Every text takes its direction from its own script (dir="auto"): Arabic reads right to left, and a question in
// Arabic is laid out right to left as a whole (its answers start at the right, the radio before the text).
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  useAppSelector, useProjectsListLanguagesQuery, useSurveysGetQuestionnaireQuery, useSurveysListLogicQuery, type QuestionnaireItemRead,
} from '@frontend/shared-api';
import {
  Alert, Box, Checkbox, CircularProgress, FormControlLabel, Paper, Radio, RadioGroup, Stack, TextField, Typography,
} from '@frontend/shared-ui';
import { NO_QUESTIONNAIRE_TEXT, lengthProps, tooLongText, type SurveyAnswerDraft } from '@frontend/shared-util';
import { CHOICE_TYPES, ENGLISH, hiddenQuestions, languageName, textDirection, type LogicRule } from '@frontend/surveys-data-access';

const OPEN_ENDED_MAX = 2000; // what surveys keeps of an open-ended answer

export const PANE_HEIGHT = 530;
// the pane's frame in every state (loading, empty, warning, the questions): a screen showing the pane adds none
const FRAME_SX = { height: PANE_HEIGHT, overflowY: 'auto', p: 2 } as const;
// MUI sets a choice's margins for left to right (the control pulled 11 px into the gutter on the left, 16 px
// before the next choice): mirrored for a question laid out right to left
const RTL_CHOICES = { '& .MuiFormControlLabel-root': { ml: 2, mr: '-11px' } } as const;

/** Said where a text of the chosen language is missing and the English one stands in (never passed off as a
 * translation): the surveyor can read it as English or choose English for the whole survey. */
export const untranslatedText = (language: string) => `Not in ${language}: shown in English`;
export const partlyTranslatedText = (language: string) =>
  `Some texts have no ${language} translation: they are shown in English and marked.`;

/** Whether a text came in English in place of the chosen language (textLangId: the language it is in). */
const fellBack = (text: { textLangId?: number | null }, languageId: number) =>
  languageId !== ENGLISH && text.textLangId != null && text.textLangId !== languageId;

export interface QuestionnairePaneProps {
  projectId: number;
  callId: number | null;
  languageId: number;
  locked: boolean;
  rosterValues?: Record<string, string | null>;
  onChange?: (state: { valid: boolean; answers: SurveyAnswerDraft[] }) => void;
  showRequiredOnly?: boolean;
  restore?: SurveyAnswerDraft[];
}

type Chosen = Record<number, { ansIds: number[]; text: string }>;

function fromDrafts(drafts: SurveyAnswerDraft[] | undefined): Chosen {
  const out: Chosen = {};
  for (const d of drafts ?? []) {
    const c = (out[d.quesId] ??= { ansIds: [], text: '' });
    if (d.ansId !== null) c.ansIds.push(d.ansId);
    if (d.openEnded) c.text = d.openEnded;
  }
  return out;
}

export function toDrafts(items: QuestionnaireItemRead[], chosen: Chosen, hidden: Set<number>): SurveyAnswerDraft[] {
  const out: SurveyAnswerDraft[] = [];
  for (const it of items) {
    const c = chosen[it.quesId];
    if (!c || hidden.has(it.quesId)) continue;
    if (it.type === 3 && c.text.trim()) out.push({ quesId: it.quesId, sequence: it.sequence, ansId: null, openEnded: c.text.trim() });
    // in the question's response order, not the order ticked: the same survey answered in another order is saved
    // (and its draft fingerprinted) the same
    if (CHOICE_TYPES.includes(it.type)) {
      it.answers.filter((a) => c.ansIds.includes(a.id))
        .forEach((a) => out.push({ quesId: it.quesId, sequence: it.sequence, ansId: a.id, openEnded: null }));
    }
  }
  return out;
}

export function QuestionnairePane({
  projectId, callId, languageId, locked, rosterValues, onChange, showRequiredOnly, restore,
}: QuestionnairePaneProps) {
  const q = useSurveysGetQuestionnaireQuery({ projectId, languageId, questionnaire: true });
  // on a call (spec §6/§7) the logic is read as the surveyor of an assigned project: the caller's own id, which the
  // server holds to the caller (403) and to the project's assignments (404); the call screen asks the same
  const me = useAppSelector((st) => st.auth.user?.id);
  const logic = useSurveysListLogicQuery({ projectId, languageId, ...(callId != null && me != null ? { surveyorId: me, isSvProject: true } : {}) });
  // every language by name, those an admin added after the twelve (Hmong) too; the twelve while it cannot be loaded
  const languages = useProjectsListLanguagesQuery({ paginated: false });
  const language = languages.data?.rows?.find((l) => l.id === languageId)?.name ?? languageName(languageId);
  const [chosen, setChosen] = useState<Chosen>(() => fromDrafts(restore));
  // a new call (or restored drafts) starts from its own answers: adjusted while rendering, not in an effect
  const [seed, setSeed] = useState({ callId, restore });
  if (seed.callId !== callId || seed.restore !== restore) {
    setSeed({ callId, restore });
    setChosen(fromDrafts(restore));
  }

  const items = useMemo(() => ((q.data?.rows ?? []) as QuestionnaireItemRead[]).filter((r) => 'quesId' in r), [q.data]);
  const rules: LogicRule[] = useMemo(() => (logic.data?.rows ?? []).map((r) => ({
    viaRoster: r.viaRoster, questionId: r.questionId, answerId: r.answerId, rosterField: r.rosterField,
    rosterValue: r.rosterValue, affectedQuestionIds: r.affectedQuestionIds,
  })), [logic.data]);
  const given = useMemo(() => Object.entries(chosen).flatMap(([qid, c]) => c.ansIds.map((a) => ({ quesId: Number(qid), ansId: a }))), [chosen]);
  const hidden = useMemo(() => hiddenQuestions(rules, given, rosterValues ?? {}), [rules, given, rosterValues]);
  const missing = useMemo(() => new Set(items.filter((it) => CHOICE_TYPES.includes(it.type) && !hidden.has(it.quesId)
    && !(chosen[it.quesId]?.ansIds.length)).map((it) => it.quesId)), [items, hidden, chosen]);

  // an open-ended answer longer than surveys keeps is said beside it and makes the survey invalid (never cut)
  const overLong = Object.values(chosen).some((c) => tooLongText(c.text, OPEN_ENDED_MAX) !== null);
  // A language without a questionnaire (the 404 of spec §8) shows no questions, so none is answered in it: the survey
  // stays invalid (Save waits for Partial Survey or another disposition). RTK Query's `data` still holds the
  // language chosen before; its answers are kept (they are the same answers in every language), never dropped.
  const unanswerable = q.isError;
  useEffect(() => {
    onChange?.({ valid: missing.size === 0 && items.length > 0 && !overLong && !unanswerable, answers: toDrafts(items, chosen, hidden) });
  }, [chosen, hidden, missing, items, overLong, unanswerable]); // eslint-disable-line react-hooks/exhaustive-deps

  const set = (quesId: number, update: (c: { ansIds: number[]; text: string }) => { ansIds: number[]; text: string }) =>
    setChosen((prev) => ({ ...prev, [quesId]: update(prev[quesId] ?? { ansIds: [], text: '' }) }));

  const frame = (content: ReactNode, center = false) => (
    <Paper variant="outlined" data-testid="questionnaire-frame"
      sx={{ ...FRAME_SX, ...(center ? { display: 'grid', placeItems: 'center' } : {}) }}>{content}</Paper>
  );
  if (q.isLoading) return frame(<CircularProgress />, true);
  // no questionnaire (in this language) is an empty state (spec §8), said as plain text; other failures warn
  const empty = frame(<Typography sx={{ color: 'text.secondary' }}>{NO_QUESTIONNAIRE_TEXT}</Typography>);
  if (q.isError) {
    const message = (q.error as { data?: { message?: string } })?.data?.message ?? NO_QUESTIONNAIRE_TEXT;
    return message === NO_QUESTIONNAIRE_TEXT ? empty : frame(<Alert severity="warning">{message}</Alert>);
  }
  if (items.length === 0) return empty;

  const shown = items.filter((it) => !hidden.has(it.quesId) && (!showRequiredOnly || missing.has(it.quesId)));
  // said for the questions on screen only: an English stand-in in a question the logic hides is nowhere marked
  const partly = shown.some((it) => fellBack(it.question, languageId) || it.answers.some((a) => fellBack(a, languageId)));
  const answerLabel = (a: QuestionnaireItemRead['answers'][number]) => (
    <span dir="auto">
      {a.text ?? a.title}
      {fellBack(a, languageId) && <Typography component="span" variant="caption" sx={{ color: 'warning.dark', mx: 1 }}>(English)</Typography>}
    </span>
  );
  return (
    // focusable: before Start Call every answer is disabled, and the keyboard must still scroll the questions
    <Paper variant="outlined" sx={{ ...FRAME_SX, position: 'relative' }} aria-label="Questionnaire" role="region" tabIndex={0}
      data-testid="questionnaire-frame">
      {locked && (
        <Box className="no-print" sx={{ position: 'absolute', inset: 0, bgcolor: 'rgba(255,255,255,0.85)', zIndex: 1, display: 'grid', placeItems: 'center' }}>
          <Typography sx={{ color: 'text.secondary' }}>The questionnaire opens when the call starts (Start Call).</Typography>
        </Box>
      )}
      {partly && <Alert severity="warning" sx={{ mb: 2 }}>{partlyTranslatedText(language)}</Alert>}
      <Stack spacing={2}>
        {shown.map((it) => {
          const c = chosen[it.quesId] ?? { ansIds: [], text: '' };
          const label = `${it.quesSequence ? `${it.quesSequence}. ` : ''}${it.question.text ?? it.question.title}`;
          const dir = textDirection(it.question.text ?? it.question.title);
          return (
            <Box key={it.quesId} data-testid={`question-${it.quesId}`} role="group" aria-labelledby={`question-${it.quesId}-text`}
              dir={dir} sx={dir === 'rtl' ? RTL_CHOICES : undefined}>
              <Typography id={`question-${it.quesId}-text`} dir="auto" sx={{ fontWeight: it.type === 4 ? 400 : 600, fontStyle: it.type === 4 ? 'italic' : 'normal', overflowWrap: 'anywhere' }}>
                {label}{missing.has(it.quesId) ? ' *' : ''}
              </Typography>
              {fellBack(it.question, languageId) && (
                <Typography variant="caption" component="p" sx={{ color: 'warning.dark' }}>{untranslatedText(language)}</Typography>
              )}
              {it.type === 1 && (
                <RadioGroup aria-labelledby={`question-${it.quesId}-text`} value={c.ansIds[0] ?? ''} onChange={(e) => set(it.quesId, (x) => ({ ...x, ansIds: [Number(e.target.value)] }))}>
                  {it.answers.map((a) => (
                    <FormControlLabel key={a.id} value={a.id} control={<Radio size="small" disabled={locked} />} label={answerLabel(a)} />
                  ))}
                </RadioGroup>
              )}
              {it.type === 2 && it.answers.map((a) => (
                <FormControlLabel key={a.id} label={answerLabel(a)} control={
                  <Checkbox size="small" disabled={locked} checked={c.ansIds.includes(a.id)} onChange={(e) => set(it.quesId, (x) => ({
                    ...x, ansIds: e.target.checked ? [...x.ansIds, a.id] : x.ansIds.filter((v) => v !== a.id) }))} />
                } />
              ))}
              {it.type === 3 && (
                <TextField fullWidth multiline minRows={2} size="small" disabled={locked} value={c.text}
                  {...lengthProps(c.text, OPEN_ENDED_MAX)}
                  slotProps={{ htmlInput: { 'aria-labelledby': `question-${it.quesId}-text`, dir: 'auto' } }}
                  onChange={(e) => set(it.quesId, (x) => ({ ...x, text: e.target.value }))} />
              )}
            </Box>
          );
        })}
      </Stack>
    </Paper>
  );
}
