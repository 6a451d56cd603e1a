// Questionnaire Builder (wizard step 0): pick a bank question, its type and (Single / Multiple) its answers;
// Save adds it; the questionnaire below can be re-ordered, its responses re-ordered, added or removed.
import { useState } from 'react';
import {
  useSurveysAddQuestionnaireQuestionMutation, useSurveysChangeResponseOrderMutation, useSurveysChangeSequenceMutation,
  useSurveysGetQuestionnaireQuery, useSurveysListAnswersQuery, useSurveysListQuestionsQuery,
  useSurveysRemoveQuestionnaireQuestionMutation, useSurveysUpdateResponsesMutation, type AnswerRead, type QuestionRead,
  type QuestionnaireItemRead,
} from '@frontend/shared-api';
import {
  Alert, ArrowDownwardIcon, ArrowUpwardIcon, Autocomplete, Box, Button, ConfirmDialog, DeleteIcon, FormControl,
  IconButton, InputLabel, MenuItem, Paper, Select, Stack, TextField, Tooltip, Typography, useUnsavedChangesPrompt,
} from '@frontend/shared-ui';
import { SEARCH_MIN } from '@frontend/shared-util';
import { ANSWER_TYPES, CHOICE_TYPES } from '@frontend/surveys-data-access';

type Pending = { item: QuestionnaireItemRead; ansId?: number } | null;

export function QuestionnaireBuilder({ projectId }: { projectId: number | null }) {
  const [qInput, setQInput] = useState('');
  const [aInput, setAInput] = useState('');
  const [question, setQuestion] = useState<QuestionRead | null>(null);
  const [type, setType] = useState<number>(1);
  const [answers, setAnswers] = useState<AnswerRead[]>([]);
  const [adding, setAdding] = useState<Record<number, AnswerRead[]>>({});
  const [pending, setPending] = useState<Pending>(null);
  const [duplicate, setDuplicate] = useState<string | null>(null);
  const qTerm = qInput.trim().length >= SEARCH_MIN ? qInput.trim() : undefined;
  const aTerm = aInput.trim().length >= SEARCH_MIN ? aInput.trim() : undefined;
  const bankQ = useSurveysListQuestionsQuery({ search: qTerm, questionnaire: true, limit: 50 });
  const bankA = useSurveysListAnswersQuery({ search: aTerm, questionnaire: true, limit: 100 });
  const current = useSurveysGetQuestionnaireQuery({ projectId: projectId ?? 0 }, { skip: !projectId });
  const items = ((current.data?.rows ?? []) as QuestionnaireItemRead[]).filter((r) => 'quesId' in r);
  const [add, { isLoading: saving }] = useSurveysAddQuestionnaireQuestionMutation();
  const [remove] = useSurveysRemoveQuestionnaireQuestionMutation();
  const [move, { isLoading: moving }] = useSurveysChangeSequenceMutation();
  const [order, { isLoading: ordering }] = useSurveysChangeResponseOrderMutation();
  // a move is sent with the item's sequence: wait for the list to show the last move before the next one
  const busy = moving || ordering || current.isFetching;
  const [addResponses] = useSurveysUpdateResponsesMutation();

  // a question or answers picked and not yet saved ask before they are lost (a link, Back, the tab closing)
  const { prompt: leavePrompt } = useUnsavedChangesPrompt(question !== null || answers.length > 0 || Object.values(adding).some((a) => a.length > 0));
  const choice = CHOICE_TYPES.includes(type);
  const startOver = () => { setQuestion(null); setType(1); setAnswers([]); setQInput(''); setAInput(''); setDuplicate(null); };
  const save = async () => {
    if (!projectId || !question) return;
    if (items.some((it) => it.quesId === question.id)) {
      setDuplicate(`${question.title} already exists in the Questionnaire`);
      return;
    }
    await add({ questionnaireItemCreate: { projectId, quesId: question.id, type: type as 1 | 2 | 3 | 4, answers: choice ? answers.map((a) => ({ ansId: a.id })) : [] } })
      .unwrap().then(startOver).catch(() => undefined);
  };
  const confirmRemove = async () => {
    if (!pending || !projectId) return;
    await remove({ projectId, sequence: pending.item.sequence, ansId: pending.ansId }).unwrap().catch(() => undefined);
    setPending(null);
  };

  return (
    <Stack spacing={2}>
      {!projectId && <Alert severity="info">Choose a project first: Save is disabled without a project.</Alert>}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Autocomplete options={bankQ.data?.rows ?? []} value={question} inputValue={qInput}
            onInputChange={(_e, v) => setQInput(v)} onChange={(_e, v) => { setQuestion(v); setDuplicate(null); }}
            getOptionLabel={(q) => q.title} isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(p) => <TextField {...p} label="Question bank" size="small" />} />
          <FormControl size="small" sx={{ maxWidth: 240 }}>
            <InputLabel id="answer-type">Type</InputLabel>
            <Select labelId="answer-type" label="Type" value={type} onChange={(e) => {
              const t = Number(e.target.value);
              setType(t);
              if (!CHOICE_TYPES.includes(t)) setAnswers([]); // Scripted and Open Ended clear answers
            }}>
              {ANSWER_TYPES.map((t) => <MenuItem key={t.id} value={t.id}>{t.name}</MenuItem>)}
            </Select>
          </FormControl>
          {choice && (
            <Autocomplete multiple options={bankA.data?.rows ?? []} value={answers} inputValue={aInput}
              onInputChange={(_e, v, reason) => reason !== 'reset' && setAInput(v)} onChange={(_e, v) => setAnswers(v)}
              getOptionLabel={(a) => a.title} isOptionEqualToValue={(a, b) => a.id === b.id}
              renderInput={(p) => <TextField {...p} label="Answer bank" size="small" />} />
          )}
          {duplicate && <Alert severity="error">{duplicate}</Alert>}
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={save}
              disabled={!projectId || !question || (choice && answers.length === 0) || saving}>Save</Button>
            <Button onClick={startOver}>Start Over</Button>
          </Stack>
        </Stack>
      </Paper>
      {items.length === 0 && projectId ? <Typography color="text.secondary">No questions yet.</Typography> : null}
      {items.map((it, i) => (
        <Paper key={it.quesId} variant="outlined" sx={{ p: 1.5 }} data-testid={`item-${it.sequence}`}>
          <Stack sx={{ alignItems: 'center' }} direction="row" spacing={1}>
            <Typography sx={{ flex: 1 }}>
              <b>{it.quesSequence ? `${it.quesSequence}.` : '—'}</b> {it.question.title}
              <Typography component="span" color="text.secondary"> ({ANSWER_TYPES.find((t) => t.id === it.type)?.name})</Typography>
              {/* the call screen asks only active questions (and the server requires none that is deactivated) */}
              {it.question.isQuestion && (
                <Typography component="span" variant="body2" sx={{ color: 'warning.dark', ml: 1 }}>
                  Deactivated in the Question Bank: not asked
                </Typography>
              )}
            </Typography>
            <Tooltip describeChild title="Move up"><span><IconButton aria-label={`Move ${it.question.title} up`} disabled={i === 0 || busy}
              onClick={() => projectId && move({ sequenceChange: { projectId, sequence: it.sequence, isInc: false } })}><ArrowUpwardIcon /></IconButton></span></Tooltip>
            <Tooltip describeChild title="Move down"><span><IconButton aria-label={`Move ${it.question.title} down`} disabled={i === items.length - 1 || busy}
              onClick={() => projectId && move({ sequenceChange: { projectId, sequence: it.sequence, isInc: true } })}><ArrowDownwardIcon /></IconButton></span></Tooltip>
            <Tooltip title="Remove question"><IconButton aria-label={`Remove ${it.question.title}`} onClick={() => setPending({ item: it })}><DeleteIcon /></IconButton></Tooltip>
          </Stack>
          {CHOICE_TYPES.includes(it.type) && (
            <Box sx={{ pl: 4 }}>
              {it.answers.map((a, j) => (
                <Stack sx={{ alignItems: 'center' }} direction="row" key={a.id}>
                  <Typography variant="body2" sx={{ flex: 1 }}>{a.rPosition}. {a.title}</Typography>
                  <IconButton size="small" aria-label={`Move response ${a.title} up`} disabled={j === 0 || busy}
                    onClick={() => projectId && order({ responseOrderChange: { projectId, sequence: it.sequence, ansId: a.id, isInc: false } })}><ArrowUpwardIcon fontSize="small" /></IconButton>
                  <IconButton size="small" aria-label={`Move response ${a.title} down`} disabled={j === it.answers.length - 1 || busy}
                    onClick={() => projectId && order({ responseOrderChange: { projectId, sequence: it.sequence, ansId: a.id, isInc: true } })}><ArrowDownwardIcon fontSize="small" /></IconButton>
                  <IconButton size="small" aria-label={`Remove response ${a.title}`} disabled={it.answers.length <= 1}
                    onClick={() => setPending({ item: it, ansId: a.id })}><DeleteIcon fontSize="small" /></IconButton>
                </Stack>
              ))}
              <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                <Autocomplete multiple size="small" sx={{ flex: 1 }} value={adding[it.quesId] ?? []}
                  options={(bankA.data?.rows ?? []).filter((a) => !it.answers.some((x) => x.id === a.id))}
                  onChange={(_e, v) => setAdding({ ...adding, [it.quesId]: v })} getOptionLabel={(a) => a.title}
                  renderInput={(p) => <TextField {...p} label="Add responses" size="small" />} />
                <Button disabled={!(adding[it.quesId]?.length)} onClick={() => projectId && addResponses({ responsesUpdate: {
                  projectId, sequence: it.sequence, answers: (adding[it.quesId] ?? []).map((a) => ({ ansId: a.id })) } })
                  .unwrap().then(() => setAdding({ ...adding, [it.quesId]: [] })).catch(() => undefined)}>Add</Button>
              </Stack>
            </Box>
          )}
        </Paper>
      ))}
      <ConfirmDialog open={pending !== null} title="Please confirm"
        message={pending?.ansId ? 'Delete this response from the question?' : `Remove "${pending?.item.question.title}" from the questionnaire?`}
        onConfirm={confirmRemove} onCancel={() => setPending(null)} />
      {leavePrompt}
    </Stack>
  );
}
