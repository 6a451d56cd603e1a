// Client Report Exports (spec survey-work.md §2 Client Data Exports): the project list with columns Client,
// Project, Oldest Uncleaned and an open action; search "Search Client & Projects..."; sortable by client and
// project name, project name ascending by default; the search needs at least 2 characters (spec §9). A Project
// Manager sees only own projects.
import { Link as RouterLink } from 'react-router-dom';
import { listOf, useAppSelector, useReportingListServiceRecoveriesQuery, type ServiceRecoveryProjectRow } from '@frontend/shared-api';
import {
  Box, DataTable, IconButton, TextField, Tooltip, Typography, VisibilityIcon, toServerQuery, useUrlListState, type Column,
} from '@frontend/shared-ui';
import { Role, SEARCH_MIN, centralDay } from '@frontend/shared-util';

export function ClientReportExportsPage() {
  const user = useAppSelector((s) => s.auth.user) as { id: number; role: Role } | null;
  // search, sort and page live in the address (?search=&orderBy=&orderDir=&page=&pageSize=): a reload and Back
  // from a project's exports give the list as it was left
  const { table: state, setTable: setState, filters, setFilters } = useUrlListState({
    table: { orderBy: 'projectName', orderDir: 'ASC' }, filters: { search: '' }, sortKeys: ['clientName', 'projectName'] });
  const { search } = filters;
  const term = search.trim().length >= SEARCH_MIN ? search.trim() : ''; // spec §9: search minimum 2 characters
  const list = listOf(useReportingListServiceRecoveriesQuery({
    ...toServerQuery(state), search: term || undefined,
    managerId: user?.role === Role.ProjectManager ? user.id : undefined,
  }));
  const columns: Column<ServiceRecoveryProjectRow>[] = [
    { key: 'clientName', label: 'Client', sortable: true },
    { key: 'projectName', label: 'Project', sortable: true },
    { key: 'oldestUncleaned', label: 'Oldest Uncleaned', render: (r) => centralDay(r.oldestUncleaned) || 'N/A' },
    {
      key: 'action', label: 'Action', align: 'center', render: (r) => (
        <Tooltip title="Open exports">
          <IconButton component={RouterLink} to={String(r.projectId)} aria-label={`Open ${r.projectName}`}>
            <VisibilityIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ];
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>Client Report Exports</Typography>
      <TextField size="small" placeholder="Search Client & Projects..." value={search} sx={{ mb: 2, minWidth: 300 }}
        slotProps={{ htmlInput: { 'aria-label': 'Search Client & Projects...' } }}
        onChange={(e) => setFilters({ search: e.target.value })} />
      <DataTable caption="Client report exports" columns={columns} rows={list.rows as ServiceRecoveryProjectRow[]}
        count={list.count} state={state} onStateChange={setState} rowKey={(r) => r.projectId} loading={list.loading} failed={list.failed} />
    </Box>
  );
}
