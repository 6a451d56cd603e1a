// Question Bank Manager (Operations): questions and answers tabs; add and edit in any survey language (the
// twelve and those an admin added since); remove a language text; delete an unused answer; deactivate / reactivate, each confirmed.
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  listOf, useSurveysCreateAnswerMutation, useSurveysCreateQuestionMutation, useSurveysDeleteAnswerMutation,
  useSurveysDeleteLangQuestionMutation, useSurveysListAnswersQuery, useSurveysListQuestionsQuery,
  useSurveysQuestionProjectListQuery,
  useSurveysUpdateAnswerMutation, useSurveysUpdateQuestionMutation, useProjectsListLanguagesQuery,
} from '@frontend/shared-api';
import {
  AddIcon, BlockIcon, Button, ConfirmDialog, DataTable, DeleteIcon, Dialog, DialogActions, DialogContent, DialogTitle,
  EditIcon, IconButton, MenuItem, RestoreIcon, Select, Stack, Tab, Tabs, TextField, Tooltip, Typography,
  toServerQuery, useUrlListState, type Column,
} from '@frontend/shared-ui';
import { SEARCH_MIN, tooLongText } from '@frontend/shared-util';
import { minText, requiredText } from '@frontend/shared-forms';
import { ENGLISH, SURVEY_LANGUAGES, languageName } from '@frontend/surveys-data-access';

type Kind = 'question' | 'answer';

/** Every survey language: the twelve and those an admin added since (Hmong, id 13 on), from the Languages list;
 * the twelve while it cannot be loaded. */
function useBankLanguages() {
  const { data } = useProjectsListLanguagesQuery({ paginated: false });
  const all = data?.rows?.length ? data.rows : SURVEY_LANGUAGES;
  const nameOf = (id: number) => all.find((l) => l.id === id)?.name ?? languageName(id);
  return { all, nameOf };
}
interface BankRow { id: number; title: string; category?: string | null; inactive: boolean; texts: { id: number; langId: number; text: string }[] }

/** What surveys keeps (title 500, category 120, a text 2000): longer input is said beside its field, never cut. */
const TITLE_MAX = 500;
const CATEGORY_MAX = 120;
const TEXT_MAX = 2000;
const atMost = (max: number) => (v: string | undefined, ctx: z.RefinementCtx) => {
  const message = tooLongText(v ?? '', max);
  if (message) ctx.addIssue({ code: 'custom', message });
};

// An empty field says "Required"; one character gets "At least 2 characters" (platform spec §5).
const formSchema = (kind: Kind) => z.object({
  title: minText(2).superRefine(atMost(TITLE_MAX)),
  category: kind === 'question'
    ? minText(2).superRefine(atMost(CATEGORY_MAX)) : z.string().optional(),
  // textId: a saved text (its language is fixed here; removing it is the list's confirmed delete)
  texts: z.array(z.object({ textId: z.number().optional(), langId: z.number().int().min(1),
    text: requiredText.superRefine(atMost(TEXT_MAX)) }))
    .min(1, 'At least one language text')
    .refine((t) => new Set(t.map((x) => x.langId)).size === t.length, 'Each language once'),
});
type BankFormValues = z.infer<ReturnType<typeof formSchema>>;

function BankForm({ kind, row, onClose }: { kind: Kind; row: BankRow | null; onClose: () => void }) {
  const { all: languages } = useBankLanguages();
  const [createQ] = useSurveysCreateQuestionMutation();
  const [updateQ] = useSurveysUpdateQuestionMutation();
  const [createA] = useSurveysCreateAnswerMutation();
  const [updateA] = useSurveysUpdateAnswerMutation();
  const { control, register, handleSubmit, formState: { errors, isSubmitting } } = useForm<BankFormValues>({
    resolver: zodResolver(formSchema(kind)),
    defaultValues: row
      ? { title: row.title, category: row.category ?? '', texts: row.texts.map((t) => ({ textId: t.id, langId: t.langId, text: t.text })) }
      : { title: '', category: '', texts: [{ langId: ENGLISH, text: '' }] },
  });
  const texts = useFieldArray({ control, name: 'texts' });
  const submit = async (f: BankFormValues) => {
    const done = kind === 'question'
      ? (row
        ? updateQ({ questionUpdate: { id: row.id, title: f.title, category: f.category, langQuestions: f.texts.map((t) => ({ langId: t.langId, quesText: t.text })) } })
        : createQ({ questionCreate: { title: f.title, category: f.category ?? '', langQuestions: f.texts.map((t) => ({ langId: t.langId, quesText: t.text })) } }))
      : (row
        ? updateA({ answerUpdate: { id: row.id, title: f.title, langAnswers: f.texts.map((t) => ({ langId: t.langId, ansText: t.text })) } })
        : createA({ answerCreate: { title: f.title, langAnswers: f.texts.map((t) => ({ langId: t.langId, ansText: t.text })) } }));
    await done.unwrap().then(onClose).catch(() => undefined);
  };
  const noun = kind === 'question' ? 'Question' : 'Answer';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <form onSubmit={handleSubmit(submit)} noValidate>
        <DialogTitle>{row ? `Edit ${noun}` : `Add ${noun}`}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField label="Title" {...register('title')} error={!!errors.title} helperText={errors.title?.message} slotProps={{ htmlInput: { dir: 'auto' } }} />
            {kind === 'question' && (
              <TextField label="Category" {...register('category')} error={!!errors.category} helperText={errors.category?.message} slotProps={{ htmlInput: { dir: 'auto' } }} />
            )}
            {texts.fields.map((f, i) => (
              <Stack sx={{ alignItems: 'flex-start' }} direction="row" spacing={1} key={f.id}>
                <Controller control={control} name={`texts.${i}.langId`} render={({ field }) => (
                  <Select size="small" sx={{ minWidth: 160 }} value={field.value} inputProps={{ 'aria-label': `Language ${i + 1}` }}
                    disabled={f.textId !== undefined}
                    onChange={(e) => field.onChange(Number(e.target.value))}>
                    {languages.map((l) => <MenuItem key={l.id} value={l.id}>{l.name}</MenuItem>)}
                  </Select>
                )} />
                <TextField fullWidth size="small" multiline label={`${noun} text`} {...register(`texts.${i}.text`)}
                  error={!!errors.texts?.[i]?.text} helperText={errors.texts?.[i]?.text?.message} slotProps={{ htmlInput: { dir: 'auto' } }} />
                {/* Save only adds or changes texts: a saved one would stay, so it is removed from the list (confirmed) */}
                <IconButton aria-label={`Remove language ${i + 1}`} disabled={texts.fields.length <= 1 || f.textId !== undefined}
                  onClick={() => texts.remove(i)}><DeleteIcon /></IconButton>
              </Stack>
            ))}
            {row && (
              <Typography variant="body2" color="text.secondary">
                A saved language text is removed with its delete icon in the list.
              </Typography>
            )}
            {errors.texts?.root?.message || errors.texts?.message ? (
              <Typography color="error">{errors.texts?.root?.message ?? errors.texts?.message}</Typography>
            ) : null}
            <Button startIcon={<AddIcon />} disabled={texts.fields.length >= languages.length}
              onClick={() => texts.append({ langId: languages.find((l) => !texts.fields.some((x) => x.langId === l.id))?.id ?? ENGLISH, text: '' })}>
              Add language
            </Button>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>Save</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

const usedIn = (projects?: { name: string }[]) =>
  projects?.length ? ` It is in the questionnaire of: ${projects.map((p) => p.name).join(', ')}.` : '';

type Pending = { kind: 'status' | 'delete' | 'deleteText'; row: BankRow; textId?: number } | null;

function BankTab({ kind }: { kind: Kind }) {
  const { nameOf } = useBankLanguages();
  // search, sort and page live in the address (?search=&orderBy=&orderDir=&page=&pageSize=, beside ?tab=): a
  // reload and Back give the list as it was left
  const { table, setTable, filters, setFilters } = useUrlListState({ table: { orderBy: 'title' }, filters: { search: '' },
    sortKeys: kind === 'question' ? ['title', 'category'] : ['title'] });
  const { search } = filters;
  const [editing, setEditing] = useState<BankRow | null | 'new'>(null);
  const [pending, setPending] = useState<Pending>(null);
  const term = search.trim().length >= SEARCH_MIN ? search.trim() : undefined;
  const questions = useSurveysListQuestionsQuery({ search: term, ...toServerQuery(table) }, { skip: kind !== 'question' });
  const answers = useSurveysListAnswersQuery({ search: term, ...toServerQuery(table) }, { skip: kind !== 'answer' });
  const [updateQ] = useSurveysUpdateQuestionMutation();
  const [updateA] = useSurveysUpdateAnswerMutation();
  const [deleteText] = useSurveysDeleteLangQuestionMutation();
  const [deleteA] = useSurveysDeleteAnswerMutation();
  // (de)activating a question changes the questionnaires that use it: the confirmation names them
  const usedBy = useSurveysQuestionProjectListQuery({ id: pending?.row.id ?? 0 },
    { skip: kind !== 'question' || pending?.kind !== 'status', refetchOnMountOrArgChange: true });
  const questionList = listOf(questions);
  const answerList = listOf(answers);
  const list = kind === 'question' ? questionList : answerList;
  const rows: BankRow[] = kind === 'question'
    ? questionList.rows.map((q) => ({ id: q.id, title: q.title, category: q.category, inactive: q.isQuestion,
      texts: q.langQuestions.map((t) => ({ id: t.id, langId: t.langId, text: t.quesText })) }))
    : answerList.rows.map((a) => ({ id: a.id, title: a.title, inactive: a.isAns,
      texts: a.langAnswers.map((t) => ({ id: t.id, langId: t.langId, text: t.ansText })) }));
  const { count } = list;

  const confirm = async () => {
    if (!pending) return;
    const { row } = pending;
    let done: Promise<unknown>;
    if (pending.kind === 'status') {
      done = kind === 'question'
        ? updateQ({ questionUpdate: { id: row.id, isQuestion: !row.inactive } }).unwrap()
        : updateA({ answerUpdate: { id: row.id, isAns: !row.inactive } }).unwrap();
    } else if (pending.kind === 'deleteText') {
      done = kind === 'question' ? deleteText({ langQuestionId: pending.textId ?? 0 }).unwrap() : deleteA({ langAnswerId: pending.textId ?? 0 }).unwrap();
    } else {
      done = deleteA({ id: row.id }).unwrap();
    }
    await done.catch(() => undefined);
    setPending(null);
  };

  const columns: Column<BankRow>[] = [
    { key: 'title', label: 'Title', sortable: true },
    ...(kind === 'question' ? [{ key: 'category', label: 'Category', sortable: true } as Column<BankRow>] : []),
    { key: 'texts', label: 'Languages', render: (r) => (
      <Stack spacing={0.5}>
        {r.texts.map((t) => (
          <Stack sx={{ alignItems: 'center' }} direction="row" spacing={1} key={t.id}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}><b>{nameOf(t.langId)}:</b> <span dir="auto">{t.text}</span></Typography>
            {r.texts.length > 1 && (
              <IconButton size="small" aria-label={`Remove ${nameOf(t.langId)} text of ${r.title}`}
                onClick={() => setPending({ kind: 'deleteText', row: r, textId: t.id })}><DeleteIcon fontSize="small" /></IconButton>
            )}
          </Stack>
        ))}
      </Stack>
    ) },
    { key: 'status', label: 'Status', render: (r) => (r.inactive ? 'Deactivated' : 'Active') },
    { key: 'actions', label: 'Actions', render: (r) => (
      <Stack direction="row">
        <Tooltip title="Edit"><IconButton aria-label={`Edit ${r.title}`} onClick={() => setEditing(r)}><EditIcon /></IconButton></Tooltip>
        <Tooltip title={r.inactive ? 'Reactivate' : 'Deactivate'}>
          <IconButton aria-label={`${r.inactive ? 'Reactivate' : 'Deactivate'} ${r.title}`} onClick={() => setPending({ kind: 'status', row: r })}>
            {r.inactive ? <RestoreIcon /> : <BlockIcon />}
          </IconButton>
        </Tooltip>
        {kind === 'answer' && (
          <Tooltip title="Delete"><IconButton aria-label={`Delete ${r.title}`} onClick={() => setPending({ kind: 'delete', row: r })}><DeleteIcon /></IconButton></Tooltip>
        )}
      </Stack>
    ) },
  ];
  const noun = kind === 'question' ? 'question' : 'response';
  const message = !pending ? '' : pending.kind === 'status'
    ? `${pending.row.inactive ? 'Reactivate' : 'Deactivate'} the ${noun} "${pending.row.title}"?${usedIn(usedBy.data?.rows)}`
    : pending.kind === 'deleteText' ? `Remove this language text of "${pending.row.title}"?` : `Delete the ${noun} "${pending.row.title}"?`;
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Stack direction="row" spacing={2}>
        <TextField size="small" label={`Search ${kind === 'question' ? 'Questions' : 'Answers'}`} value={search}
          onChange={(e) => setFilters({ search: e.target.value })} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>Add {kind === 'question' ? 'Question' : 'Answer'}</Button>
      </Stack>
      <DataTable columns={columns} rows={rows} count={count} state={table} onStateChange={setTable} rowKey={(r) => r.id}
        loading={list.loading} failed={list.failed} emptyText="No records found." />
      {editing && <BankForm kind={kind} row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog open={pending !== null} title="Please confirm" message={message} onConfirm={confirm} onCancel={() => setPending(null)} />
    </Stack>
  );
}

export function QuestionBankManagerPage() {
  // the tab is in the address too (?tab=answer); another tab starts its list afresh
  const [params, setParams] = useSearchParams();
  const tab: Kind = params.get('tab') === 'answer' ? 'answer' : 'question';
  const setTab = (v: Kind) => setParams(v === 'answer' ? { tab: v } : {}, { replace: true });
  return (
    <Stack>
      <Typography variant="h5">Question Bank Manager</Typography>
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} aria-label="Bank">
        <Tab value="question" label="Questions" />
        <Tab value="answer" label="Answers" />
      </Tabs>
      <BankTab key={tab} kind={tab} />
    </Stack>
  );
}
