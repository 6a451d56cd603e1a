// Questionnaire Logic (wizard's last step): rules driven by an answer or by a roster field value hide the
// affected questions. Save / Update are enabled only when (a question and an answer, or via roster) and at
// least one affected question are chosen.
import { useState } from 'react';
import {
  useSurveysCreateLogicMutation, useSurveysDeleteLogicMutation, useSurveysGetQuestionnaireQuery,
  useAppSelector, useSurveysListLogicQuery, useSurveysUpdateLogicMutation, type LogicRuleRead, type QuestionnaireItemRead,
} from '@frontend/shared-api';
import {
  Autocomplete, Button, Checkbox, ConfirmDialog, DeleteIcon, EditIcon, FormControl, FormControlLabel, IconButton, InputLabel,
  MenuItem, Paper, Select, Stack, TextField, Typography,
} from '@frontend/shared-ui';
import { CHOICE_TYPES, canSaveRule } from '@frontend/surveys-data-access';
import { ROSTER_LOGIC_FIELDS, Role, rosterFieldKey, rosterFieldLabel } from '@frontend/shared-util';

interface Draft { id?: number; viaRoster: boolean; questionId: number | ''; answerId: number | ''; rosterField: string; rosterValue: string; affected: number[] }
const blank: Draft = { viaRoster: false, questionId: '', answerId: '', rosterField: '', rosterValue: '', affected: [] };
const ROSTER_KEYS = ROSTER_LOGIC_FIELDS.map((f) => f.key as string);

export function QuestionnaireLogic({ projectId }: { projectId: number }) {
  const q = useSurveysGetQuestionnaireQuery({ projectId });
  // a Project Manager reads the logic of own projects (spec §7 managerId; the server refuses another manager's id)
  const user = useAppSelector((st) => st.auth.user);
  const logic = useSurveysListLogicQuery({ projectId, managerId: user?.role === Role.ProjectManager ? user.id : undefined });
  const [create] = useSurveysCreateLogicMutation();
  const [update] = useSurveysUpdateLogicMutation();
  const [remove] = useSurveysDeleteLogicMutation();
  const [draft, setDraft] = useState<Draft>(blank);
  const [deleting, setDeleting] = useState<LogicRuleRead | null>(null);
  const items = ((q.data?.rows ?? []) as QuestionnaireItemRead[]).filter((r) => 'quesId' in r);
  const trigger = items.find((it) => it.quesId === draft.questionId);
  const rule = {
    viaRoster: draft.viaRoster, questionId: draft.questionId === '' ? null : draft.questionId,
    answerId: draft.answerId === '' ? null : draft.answerId, rosterField: draft.rosterField, rosterValue: draft.rosterValue,
    affectedQuestionIds: draft.affected,
  };
  const submit = async () => {
    const body = { projectId, ...rule, rosterField: draft.viaRoster ? draft.rosterField : null, rosterValue: draft.viaRoster ? draft.rosterValue : null };
    const done = draft.id ? update({ logicRuleUpdate: { id: draft.id, ...body } }) : create({ logicRuleIn: body });
    await done.unwrap().then(() => setDraft(blank)).catch(() => undefined);
  };
  const edit = (r: LogicRuleRead) => setDraft({ id: r.id, viaRoster: r.viaRoster, questionId: r.questionId ?? '', answerId: r.answerId ?? '',
    rosterField: r.rosterField ?? '', rosterValue: r.rosterValue ?? '', affected: r.affectedQuestionIds });

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <FormControlLabel label="Via roster" control={<Checkbox checked={draft.viaRoster} onChange={(e) => setDraft({ ...draft, viaRoster: e.target.checked })} />} />
          {draft.viaRoster ? (
            <Stack direction="row" spacing={2}>
              {/* the field is kept as the key the call screen matches; the input shows the roster's column name */}
              <Autocomplete freeSolo options={ROSTER_KEYS} getOptionLabel={rosterFieldLabel} value={draft.rosterField}
                inputValue={rosterFieldLabel(draft.rosterField)} sx={{ minWidth: 220 }}
                onInputChange={(_e, v) => setDraft((d) => ({ ...d, rosterField: rosterFieldKey(v) }))}
                onChange={(_e, v) => setDraft((d) => ({ ...d, rosterField: rosterFieldKey(v ?? '') }))}
                renderInput={(p) => <TextField {...p} size="small" label="Roster field"
                  slotProps={{ ...p.slotProps, htmlInput: { ...p.slotProps.htmlInput, maxLength: 100 } }} />} />
              <TextField size="small" label="Roster value" value={draft.rosterValue} slotProps={{ htmlInput: { maxLength: 300 } }} onChange={(e) => setDraft({ ...draft, rosterValue: e.target.value })} />
            </Stack>
          ) : (
            <Stack direction="row" spacing={2}>
              <FormControl size="small" sx={{ minWidth: 260 }}>
                <InputLabel id="logic-q">Question</InputLabel>
                <Select labelId="logic-q" label="Question" value={draft.questionId} onChange={(e) => {
                  // a rule cannot hide its own question: the new trigger leaves Hide questions (it is no option there)
                  const questionId = e.target.value as number;
                  setDraft({ ...draft, questionId, answerId: '', affected: draft.affected.filter((q) => q !== questionId) });
                }}>
                  {items.filter((it) => CHOICE_TYPES.includes(it.type)).map((it) => <MenuItem key={it.quesId} value={it.quesId}>{it.question.title}</MenuItem>)}
                </Select>
              </FormControl>
              <FormControl size="small" sx={{ minWidth: 200 }}>
                <InputLabel id="logic-a">Answer</InputLabel>
                <Select labelId="logic-a" label="Answer" value={draft.answerId} disabled={!trigger} onChange={(e) => setDraft({ ...draft, answerId: e.target.value as number })}>
                  {(trigger?.answers ?? []).map((a) => <MenuItem key={a.id} value={a.id}>{a.title}</MenuItem>)}
                </Select>
              </FormControl>
            </Stack>
          )}
          <FormControl size="small">
            <InputLabel id="logic-affected">Hide questions</InputLabel>
            <Select labelId="logic-affected" label="Hide questions" multiple value={draft.affected}
              onChange={(e) => setDraft({ ...draft, affected: e.target.value as number[] })}
              renderValue={(v) => items.filter((it) => (v as number[]).includes(it.quesId)).map((it) => it.question.title).join(', ')}>
              {items.filter((it) => it.quesId !== draft.questionId).map((it) => <MenuItem key={it.quesId} value={it.quesId}>{it.question.title}</MenuItem>)}
            </Select>
          </FormControl>
          <Stack direction="row" spacing={1}>
            <Button variant="contained" disabled={!canSaveRule(rule)} onClick={submit}>{draft.id ? 'Update' : 'Save'}</Button>
            {draft.id && <Button onClick={() => setDraft(blank)}>Cancel</Button>}
          </Stack>
        </Stack>
      </Paper>
      {(logic.data?.rows ?? []).length === 0 && <Typography color="text.secondary">No logic yet.</Typography>}
      {(logic.data?.rows ?? []).map((r) => (
        <Paper key={r.id} variant="outlined" sx={{ p: 1.5 }}>
          <Stack sx={{ alignItems: 'center' }} direction="row">
            <Typography sx={{ flex: 1 }}>
              {r.viaRoster ? `When roster ${rosterFieldLabel(r.rosterField ?? '')} is "${r.rosterValue}"` : `When "${r.question?.title}" is answered "${r.answer?.title}"`}
              {' '}hide: {r.affectedQuestions.map((a) => a.title).join(', ')}
            </Typography>
            <IconButton aria-label={`Edit logic ${r.id}`} onClick={() => edit(r)}><EditIcon /></IconButton>
            <IconButton aria-label={`Delete logic ${r.id}`} onClick={() => setDeleting(r)}><DeleteIcon /></IconButton>
          </Stack>
        </Paper>
      ))}
      <ConfirmDialog open={deleting !== null} title="Please confirm" message="Delete this logic rule?"
        onConfirm={async () => { if (deleting) await remove({ id: deleting.id }).unwrap().catch(() => undefined); setDeleting(null); }}
        onCancel={() => setDeleting(null)} />
    </Stack>
  );
}
