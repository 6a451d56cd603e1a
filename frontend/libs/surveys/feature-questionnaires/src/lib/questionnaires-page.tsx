// Questionnaires list (PM: own projects, Operations: all): search (2+ characters), add, preview, edit, copy
// with the include-logic option.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  listOf, useAppSelector, useSurveysCopyQuestionnaireMutation, useSurveysGetQuestionnaireQuery, type QuestionnaireProjectRead,
} from '@frontend/shared-api';
import {
  AddIcon, Button, Checkbox, DataTable, Dialog, DialogActions, DialogContent, DialogTitle, EditIcon, FormControlLabel,
  IconButton, Stack, TextField, Tooltip, Typography, VisibilityIcon, toServerQuery, useUrlListState, type Column,
} from '@frontend/shared-ui';
import { Role, SEARCH_MIN } from '@frontend/shared-util';
import { ProjectPicker } from './project-picker';

export function QuestionnairesPage() {
  const navigate = useNavigate();
  const user = useAppSelector((s) => s.auth.user);
  const isManager = user?.role === Role.ProjectManager;
  // search and page live in the address (?search=&page=&pageSize=): a reload and Back from a questionnaire give
  // the list as it was left; the list offers no sort
  const { table, setTable, filters, setFilters } = useUrlListState({ filters: { search: '' }, sortKeys: [] });
  const { search } = filters;
  const [copying, setCopying] = useState<QuestionnaireProjectRead | null>(null);
  const [target, setTarget] = useState<{ id: number; name: string } | null>(null);
  const [includeLogic, setIncludeLogic] = useState(true);
  const [copy, { isLoading }] = useSurveysCopyQuestionnaireMutation();
  const term = search.trim().length >= SEARCH_MIN ? search.trim() : undefined;
  const list = listOf(useSurveysGetQuestionnaireQuery({
    search: term, isManager, userId: isManager ? user?.id : undefined, ...toServerQuery(table),
  }));
  const rows = list.rows as QuestionnaireProjectRead[];

  const doCopy = async () => {
    if (!copying || !target) return;
    await copy({ questionnaireCopy: { fromProjectId: copying.projectId, toProjectId: target.id, fromName: copying.name,
      toName: target.name, includeLogic } }).unwrap().then(() => setCopying(null)).catch(() => undefined);
  };

  const columns: Column<QuestionnaireProjectRead>[] = [
    { key: 'name', label: 'Project' },
    { key: 'questionCount', label: 'Questions', align: 'right' },
    { key: 'actions', label: 'Actions', render: (r) => (
      <Stack direction="row">
        <Tooltip title="Preview"><IconButton aria-label={`Preview ${r.name}`} onClick={() => navigate(`../questionnaire-viewer/${r.projectId}`)}><VisibilityIcon /></IconButton></Tooltip>
        <Tooltip title="Edit"><IconButton aria-label={`Edit ${r.name}`} onClick={() => navigate(`../questionnaires/${r.projectId}`)}><EditIcon /></IconButton></Tooltip>
        <Button size="small" onClick={() => { setCopying(r); setTarget(null); setIncludeLogic(true); }}>Copy</Button>
      </Stack>
    ) },
  ];
  return (
    <Stack spacing={2}>
      <Stack sx={{ alignItems: 'center', flexWrap: 'wrap' }} direction="row" spacing={2} useFlexGap>
        <Typography variant="h5" sx={{ flex: 1 }}>Questionnaires</Typography>
        <TextField size="small" label="Search Projects" value={search} onChange={(e) => setFilters({ search: e.target.value })} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('../questionnaires/add')}>Add</Button>
      </Stack>
      <DataTable columns={columns} rows={rows} count={list.count} state={table} onStateChange={setTable}
        rowKey={(r) => r.projectId} loading={list.loading} failed={list.failed} emptyText="No records found." />
      <Dialog open={copying !== null} onClose={() => setCopying(null)} fullWidth>
        <DialogTitle>Copy questionnaire of {copying?.name}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <ProjectPicker label="To project" value={target} onChange={setTarget} excludeId={copying?.projectId} emptyOnly />
            <FormControlLabel control={<Checkbox checked={includeLogic} onChange={(e) => setIncludeLogic(e.target.checked)} />} label="Include logic" />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setCopying(null)}>Cancel</Button>
          <Button variant="contained" disabled={!target || isLoading} onClick={doCopy}>Copy</Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
