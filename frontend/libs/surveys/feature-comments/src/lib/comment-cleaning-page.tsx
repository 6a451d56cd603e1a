// Comment Cleaning: filter by project, project manager and open-ended question (a Project Manager is their own
// manager filter, as on My Projects, so gets no picker; Operations and the Comment Cleaner pick); open a comment
// (someone else cleaning it, or it being cleaned already, answers with the two warnings); the dialogs take the
// text with and without named staff members (NSM); ctrl+enter saves; a cleaned comment can be uncleaned.
// A comment open here is let go when the page goes (another screen, or the tab closed or reloaded): else it stayed
// "being cleaned" for everyone else until the server's 15-minute expiry of a claim. While the dialog stays open its
// claim is renewed every 5 minutes (the server extends a live claim of its holder); a renewal refused (the claim
// was lost anyway, e.g. the computer slept) says so in the dialog at once, and what was typed stays.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  listOf, useAppSelector, useIdentityListUsersQuery, useSurveysChangeStatusMutation, useSurveysCommentProjectsQuery,
  useSurveysGetQuestionnaireQuery, useSurveysListCommentsQuery, useSurveysSaveCleanedMutation, type CommentPart,
  type CommentRead, type QuestionnaireItemRead,
} from '@frontend/shared-api';
import {
  Alert, Button, ConfirmDialog, DataTable, Dialog, DialogActions, DialogContent, DialogTitle, FormControl, InputLabel,
  MenuItem, Select, Stack, TextField, Typography, toServerQuery, useTableState, type Column,
} from '@frontend/shared-ui';
import { Role, centralDay, lengthProps, tooLongText } from '@frontend/shared-util';
import '@frontend/surveys-data-access';

const STATUS = ['Not Cleaned', 'Cleaned', 'Being cleaned'];
const CLEANED_MAX = 4000; // surveys' TEXT_MAX
const CLAIM_RENEW_MS = 5 * 60_000; // well inside surveys' PROCESSING_TTL (15 minutes)

type Texts = { nsm: string; cleaned: string; pNsm: string; pClean: string; nNsm: string; nClean: string };
const textsOf = (c: CommentRead): Texts => ({
  nsm: c.nsm ?? c.normal ?? '', cleaned: c.cleaned ?? c.normal ?? '',
  pNsm: c.positive?.nsm ?? c.positive?.normal ?? '', pClean: c.positive?.cleaned ?? c.positive?.normal ?? '',
  nNsm: c.negative?.nsm ?? c.negative?.normal ?? '', nClean: c.negative?.cleaned ?? c.negative?.normal ?? '',
});

function Original({ label, part }: { label: string; part: CommentPart | null | undefined }) {
  if (!part) return null;
  return <Typography variant="body2"><b>{label}:</b> {part.normal}</Typography>;
}

export function CommentCleaningPage() {
  const [params, setParams] = useSearchParams();
  const user = useAppSelector((s) => s.auth.user);
  const token = useAppSelector((s) => s.auth.token);
  const picksManager = user?.role === Role.Operations || user?.role === Role.CommentCleaner;
  const ownManager = user?.role === Role.ProjectManager ? user.id : undefined;
  const [managerId, setManagerId] = useState<number | ''>('');
  const chosenProject = Number(params.get('projectId')) || undefined;
  const [quesId, setQuesId] = useState<number | ''>('');
  const [table, setTable] = useTableState();
  const [open, setOpen] = useState<CommentRead | null>(null);
  const [texts, setTexts] = useState<Texts | null>(null);
  const [lost, setLost] = useState<string | null>(null); // the server's warning when a renewal of the claim was refused
  // the comment ids to reset: an open-ended comment's own, or both parts of a positive/negative row
  const [uncleaning, setUncleaning] = useState<{ ids: number[]; projectId: number } | null>(null);
  // the project-manager picker of platform §6: 100 users sorted by firstName ascending
  const managers = useIdentityListUsersQuery(
    { role: Role.ProjectManager, limit: 100, orderBy: 'firstName', orderDir: 'ASC' }, { skip: !picksManager });
  const manager = ownManager ?? (managerId === '' ? undefined : managerId);
  const projects = useSurveysCommentProjectsQuery({ managerId: manager, limit: 5000 });
  // a project chosen before picking a manager stays only if it is that manager's (spec §7: the comments are asked
  // with managerId, and another manager's project would be a 404); until the manager's projects are in, wait
  const managersProjects = projects.currentData?.rows;
  const projectOfManager = manager === undefined || !chosenProject ? true
    : managersProjects === undefined ? undefined : managersProjects.some((p) => p.id === chosenProject);
  const projectId = projectOfManager === false ? undefined : chosenProject;
  const questionnaire = useSurveysGetQuestionnaireQuery({ projectId: projectId ?? 0 }, { skip: !projectId });
  const openEnded = ((questionnaire.data?.rows ?? []) as QuestionnaireItemRead[]).filter((r) => 'quesId' in r && r.type === 3);
  const comments = useSurveysListCommentsQuery(
    { managerId: manager, projectId, quesId: quesId === '' ? undefined : quesId, ...toServerQuery(table) },
    { skip: !projectId || projectOfManager === undefined });
  const list = listOf(comments);
  const [changeStatus] = useSurveysChangeStatusMutation();
  const [save, { isLoading: saving }] = useSurveysSaveCleanedMutation();

  const claimIds = (c: CommentRead) => (c.type === 0 ? [c.id] : [c.positive?.id, c.negative?.id].filter((x): x is number => !!x));
  // a pair of which one part is cleaned and the other not (its raw text was changed since, or it came later) opens
  // with the part still to clean only: claiming the cleaned part was refused ("already cleaned"), which left the
  // other one out of reach. A pair both cleaned, or an open-ended comment, is asked for as it is (the warning).
  const toClean = (c: CommentRead): CommentRead => {
    if (c.type === 0 || !c.positive || !c.negative) return c;
    const pCleaned = c.positive.markCleaned === 1;
    const nCleaned = c.negative.markCleaned === 1;
    return pCleaned === nCleaned ? c : { ...c, positive: pCleaned ? null : c.positive, negative: nCleaned ? null : c.negative };
  };
  const startCleaning = async (row: CommentRead) => {
    const c = toClean(row);
    const claimed: number[] = [];
    try {
      for (const id of claimIds(c)) {
        await changeStatus({ commentStatusChange: { id, projectId: c.projectId, processing: true } }).unwrap();
        claimed.push(id);
      }
      setLost(null);
      setOpen(c);
      setTexts(textsOf(c));
    } catch {
      // the server's warning (someone else is cleaning it, or it is cleaned) is shown as a warning notice; a part
      // claimed before the refusal is let go again, or it would stay "being cleaned" for everyone else
      for (const id of claimed) {
        await changeStatus({ commentStatusChange: { id, projectId: c.projectId, processing: false } }).unwrap().catch(() => undefined);
      }
    }
  };
  // the open comment's claim is let go when the page goes: on leaving for another screen through the api, on the
  // tab closing (or reloading) by a request the browser sends after the page is gone (keepalive)
  // (the token and the call are read at that moment, not when the comment was opened: the token is refreshed)
  const latest = useRef({ token, changeStatus });
  useEffect(() => { latest.current = { token, changeStatus }; }, [token, changeStatus]);
  const settled = useRef(false); // closed with Cancel (which lets it go itself) or saved: nothing to let go
  useEffect(() => {
    if (!open) return undefined;
    settled.current = false;
    const ids = claimIds(open);
    const renew = window.setInterval(() => {
      for (const id of ids) {
        void latest.current.changeStatus({ commentStatusChange: { id, projectId: open.projectId, processing: true } })
          .unwrap().catch((e: { status?: unknown; data?: { message?: string } }) => {
            if (e?.status === 409) setLost(e.data?.message ?? 'Warning! This comment is being cleaned by someone else!!!');
          });
      }
    }, CLAIM_RENEW_MS);
    const onHide = () => {
      const auth = latest.current.token;
      for (const id of ids) {
        void fetch(`${window.location.origin}/api/comments`, {
          method: 'PUT', keepalive: true, credentials: 'include',
          headers: { 'Content-Type': 'application/json', ...(auth ? { Authorization: `Bearer ${auth}` } : {}) },
          body: JSON.stringify({ id, projectId: open.projectId, processing: false }),
        }).catch(() => undefined);
      }
    };
    window.addEventListener('pagehide', onHide);
    return () => {
      window.clearInterval(renew);
      window.removeEventListener('pagehide', onHide);
      if (settled.current) return;
      for (const id of ids) {
        void latest.current.changeStatus({ commentStatusChange: { id, projectId: open.projectId, processing: false } })
          .unwrap().catch(() => undefined);
      }
    };
  }, [open]);
  const close = async () => {
    settled.current = true;
    if (open) for (const id of claimIds(open)) await changeStatus({ commentStatusChange: { id, projectId: open.projectId, processing: false } }).unwrap().catch(() => undefined);
    setOpen(null);
  };
  const submit = async () => {
    if (!open || !texts) return;
    // each part names the original text it was cleaned from: one changed meanwhile (Quality's edit, a re-saved
    // survey) is refused (409, said in the alert) and the dialog keeps what was typed
    const body = open.type === 0
      ? { projectId: open.projectId, id: open.id, nsm: texts.nsm, cleaned: texts.cleaned, normal: open.normal }
      : { projectId: open.projectId,
        ...(open.positive ? { positiveId: open.positive.id, positiveWNSM: texts.pNsm, positiveWoNSM: texts.pClean, positiveNormal: open.positive.normal } : {}),
        ...(open.negative ? { negativeId: open.negative.id, negativeWNSM: texts.nNsm, negativeWoNSM: texts.nClean, negativeNormal: open.negative.normal } : {}) };
    await save({ cleanedCommentSave: body }).unwrap().then(() => { settled.current = true; setOpen(null); }).catch(() => undefined);
  };
  // what surveys keeps of a cleaned text: longer is said beside the field and holds Save (the browser cut it silently)
  const overLong = texts !== null && Object.values(texts).some((t) => tooLongText(t, CLEANED_MAX) !== null);
  // the texts without named staff members are required (surveys answers 422 without them): Required, and Save held
  const required: (keyof Texts)[] = open?.type === 0 ? ['cleaned']
    : [...(open?.positive ? ['pClean' as const] : []), ...(open?.negative ? ['nClean' as const] : [])];
  const missing = (key: keyof Texts) => texts !== null && required.includes(key) && !texts[key].trim();
  const held = overLong || required.some(missing);
  const ctrlEnter = (e: KeyboardEvent) => { if (e.key === 'Enter' && e.ctrlKey && !held) { e.preventDefault(); void submit(); } };
  // survey-work §5: Enter/return is blocked in the positive and negative comment fields (ctrl+enter still saves)
  const posNeg = (key: keyof Texts) => key !== 'nsm' && key !== 'cleaned';
  const field = (label: string, key: keyof Texts) => texts && (
    <TextField label={label} multiline minRows={2} value={texts[key]}
      onKeyDown={(e) => { ctrlEnter(e); if (e.key === 'Enter' && posNeg(key)) e.preventDefault(); }}
      onChange={(e) => setTexts({ ...texts, [key]: posNeg(key) ? e.target.value.replace(/\r?\n/g, ' ') : e.target.value })}
      {...(missing(key) ? { error: true, helperText: 'Required' } : lengthProps(texts[key], CLEANED_MAX))} />
  );
  const partIds = (c: CommentRead) => (c.type === 0 ? [c.id]
    : [c.positive, c.negative].filter((p): p is CommentPart => !!p && p.markCleaned === 1).map((p) => p.id));
  // a pair: being cleaned when either part is, cleaned when both are, else not cleaned
  const partStates = (c: CommentRead) => (c.type === 0 ? [c.markCleaned ?? 0]
    : [c.positive, c.negative].filter((p): p is CommentPart => !!p).map((p) => p.markCleaned ?? 0));
  const statusOf = (c: CommentRead) => {
    const states = partStates(c);
    return states.includes(2) ? 2 : states.every((x) => x === 1) ? 1 : 0;
  };
  // Unclean resets the cleaned parts (a pair's other part may be waiting for its first cleaning)
  const anyCleaned = (c: CommentRead) => partStates(c).includes(1);

  const columns: Column<CommentRead>[] = [
    { key: 'type', label: 'Type', render: (c) => (c.type === 0 ? `Open ended: ${c.question?.title ?? ''}` : 'Positive / Negative') },
    { key: 'text', label: 'Comment', render: (c) => (c.type === 0 ? c.normal : (
      <Stack><Original label="Positive" part={c.positive} /><Original label="Negative" part={c.negative} /></Stack>)) },
    { key: 'surveyedOn', label: 'Surveyed On', render: (c) => centralDay(c.ch?.surveyedOn) },
    { key: 'site', label: 'Site / Provider', render: (c) => [c.ch?.siteName, c.ch?.providerName].filter(Boolean).join(' / ') },
    { key: 'status', label: 'Status', render: (c) => STATUS[statusOf(c)] },
    { key: 'actions', label: '', render: (c) => (
      <Stack direction="row" spacing={1}>
        <Button size="small" variant="outlined" aria-label={`Clean comment ${c.id}`} onClick={() => startCleaning(c)}>Clean</Button>
        {anyCleaned(c) && statusOf(c) !== 2 && <Button size="small" onClick={() => setUncleaning({ ids: partIds(c), projectId: c.projectId })}>Unclean</Button>}
      </Stack>
    ) },
  ];
  return (
    <Stack spacing={2}>
      <Typography variant="h5">Comment Cleaning</Typography>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap>
        {picksManager && (
          <FormControl size="small" sx={{ minWidth: 220 }}>
            <InputLabel id="cc-manager">Project Manager</InputLabel>
            <Select labelId="cc-manager" label="Project Manager" value={managerId} onChange={(e) => setManagerId(e.target.value as number | '')}>
              <MenuItem value="">All</MenuItem>
              {(managers.data?.rows ?? []).map((m) => <MenuItem key={m.id} value={m.id}>{m.firstName} {m.lastName}</MenuItem>)}
            </Select>
          </FormControl>
        )}
        <FormControl size="small" sx={{ minWidth: 260 }}>
          <InputLabel id="cc-project">Project</InputLabel>
          <Select labelId="cc-project" label="Project" value={projectId ?? ''} onChange={(e) => { setQuesId(''); setParams({ projectId: String(e.target.value) }); }}>
            {(projects.data?.rows ?? []).map((p) => <MenuItem key={p.id} value={p.id}>{p.name}</MenuItem>)}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 260 }} disabled={!projectId}>
          <InputLabel id="cc-question">Open-ended question</InputLabel>
          <Select labelId="cc-question" label="Open-ended question" value={quesId} onChange={(e) => setQuesId(e.target.value as number | '')}>
            <MenuItem value="">All comments</MenuItem>
            {openEnded.map((q) => <MenuItem key={q.quesId} value={q.quesId}>{q.question.title}</MenuItem>)}
          </Select>
        </FormControl>
      </Stack>
      {projectId ? (
        <DataTable columns={columns} rows={list.rows} count={list.count} state={table}
          onStateChange={setTable} rowKey={(c) => `${c.type}-${c.id}`} loading={list.loading || projectOfManager === undefined} failed={list.failed} emptyText="No records found." />
      ) : <Typography sx={{ color: 'text.secondary' }}>Choose a project.</Typography>}
      <Dialog open={open !== null} onClose={close} fullWidth maxWidth="md">
        <DialogTitle>{open?.type === 0 ? 'Clean open-ended comment' : 'Clean positive and negative comments'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {lost && <Alert severity="warning">{lost}</Alert>}
            {open?.type === 0 && (<>
              <Typography variant="body2"><b>Original:</b> {open.normal}</Typography>
              {field('With NSM', 'nsm')}
              {field('Cleaned (without NSM)', 'cleaned')}
            </>)}
            {open?.positive && (<>
              <Original label="Positive" part={open.positive} />
              {field('Positive with NSM', 'pNsm')}
              {field('Positive without NSM', 'pClean')}
            </>)}
            {open?.negative && (<>
              <Original label="Negative" part={open.negative} />
              {field('Negative with NSM', 'nNsm')}
              {field('Negative without NSM', 'nClean')}
            </>)}
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>Ctrl+Enter saves.</Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button variant="contained" onClick={submit} disabled={saving || held}>Save</Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog open={uncleaning !== null} title="Please confirm" message="Mark this comment as not cleaned?"
        onConfirm={async () => {
          if (uncleaning) {
            for (const id of uncleaning.ids) {
              await changeStatus({ commentStatusChange: { id, projectId: uncleaning.projectId, markCleaned: false } })
                .unwrap().catch(() => undefined);
            }
          }
          setUncleaning(null);
        }}
        onCancel={() => setUncleaning(null)} />
    </Stack>
  );
}
