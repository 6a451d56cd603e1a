// Comment Cleaning Selection: projects with comments (5 a page), cleaning progress and the oldest uncleaned
// surveyed-on date; opening a project goes to this role's comment-cleaning route with its id.
import { useNavigate } from 'react-router-dom';
import { useAppSelector, useSurveysCommentProjectsQuery, type CommentProjectRead, listOf } from '@frontend/shared-api';
import { Button, DataTable, Stack, TextField, Typography, toServerQuery, useUrlListState, type Column } from '@frontend/shared-ui';
import { Role, SEARCH_MIN, centralDay } from '@frontend/shared-util';
import '@frontend/surveys-data-access';

export const COMMENT_PROJECTS_PAGE_SIZE = 5;

export function CommentCleaningSelectionPage() {
  const navigate = useNavigate();
  const user = useAppSelector((s) => s.auth.user);
  // search, sort and page live in the address (?search=&orderBy=&orderDir=&page=&pageSize=): a reload and Back
  // from a project's comments give the list as it was left
  const { table, setTable, filters, setFilters } = useUrlListState({ table: { pageSize: COMMENT_PROJECTS_PAGE_SIZE, orderBy: 'name' },
    filters: { search: '' }, sortKeys: ['name', 'cleaned', 'oldestUncleanedSurveyedOn'] });
  const { search } = filters;
  const term = search.trim().length >= SEARCH_MIN ? search.trim() : undefined;
  const managerId = user?.role === Role.ProjectManager ? user.id : undefined;
  const list = listOf(useSurveysCommentProjectsQuery({ search: term, managerId, ...toServerQuery(table) }));
  const columns: Column<CommentProjectRead>[] = [
    { key: 'name', label: 'Project', sortable: true },
    { key: 'cleaned', label: 'Progress', sortable: true, render: (r) => {
      const pct = r.total ? Math.round((100 * r.cleaned) / r.total) : 0;
      return `${r.cleaned} / ${r.total} comments cleaned (${pct}%)`; // a positive/negative pair is two comments
    } },
    { key: 'oldestUncleanedSurveyedOn', label: 'Oldest Uncleaned', sortable: true,
      render: (r) => centralDay(r.oldestUncleanedSurveyedOn) || '—' },
    { key: 'open', label: '', render: (r) => (
      <Button size="small" variant="outlined" aria-label={`Clean ${r.name}`} onClick={() => navigate(`../comment-cleaning?projectId=${r.id}`)}>Open</Button>
    ) },
  ];
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" sx={{ flex: 1 }}>Comment Cleaning Selection</Typography>
        <TextField size="small" label="Search Projects" value={search} onChange={(e) => setFilters({ search: e.target.value })} />
      </Stack>
      <DataTable columns={columns} rows={list.rows} count={list.count} state={table} onStateChange={setTable}
        rowKey={(r) => r.id} loading={list.loading} failed={list.failed} emptyText="No record found." />
    </Stack>
  );
}
