// Admin Client Management (spec §2.6): search, add, paged list sortable by name with Client Name, Client
// Abbreviation, State, Creation Date, Action; view / edit / add project / deactivate / reactivate / delete.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { listOf } from '@frontend/shared-api';
import {
  AddIcon, BlockIcon, Button, ConfirmDialog, DataTable, DeleteIcon, EditIcon, IconButton, RestoreIcon, Stack, TextField,
  Tooltip, Typography, VisibilityIcon, toServerQuery, useUrlListState, type Column,
} from '@frontend/shared-ui';
import { SEARCH_MIN, centralDay } from '@frontend/shared-util';
import { stateName, useDeleteClientMutation, useListClientsQuery, type ClientRead } from '@frontend/projects-data-access';
import { ClientFormDialog } from './client-form-dialog';

type Pending = { kind: 'deactivate' | 'reactivate' | 'delete'; client: ClientRead } | null;
const CONFIRM = {
  deactivate: { title: 'Deactivate Client', message: (n: string) => `Deactivate ${n}?`, label: 'Yes, Deactivate' },
  reactivate: { title: 'Reactivate Client', message: (n: string) => `Reactivate ${n}?`, label: 'Yes, Reactivate' },
  delete: { title: 'Delete Client', message: (n: string) => `Delete ${n} permanently? All its contacts and projects will be deleted too.`, label: 'Yes, Delete' },
};

export function ClientManagementPage() {
  const navigate = useNavigate();
  // search, sort and page live in the address (?search=&orderBy=&orderDir=&page=&pageSize=): a reload and Back
  // from a client's projects give the list as it was left
  const { table, setTable, filters, setFilters } = useUrlListState({ table: { orderBy: 'name' }, filters: { search: '' } });
  const { search } = filters;
  const [dialog, setDialog] = useState<{ mode: 'add' | 'edit' | 'view'; client: ClientRead | null } | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [remove, { isLoading }] = useDeleteClientMutation();
  const term = search.trim().length >= SEARCH_MIN ? search.trim() : undefined;
  const list = listOf(useListClientsQuery({ search: term, ...toServerQuery(table) }));

  const confirm = async () => {
    if (!pending) return;
    const { kind, client } = pending;
    await remove({ id: client.id, isDeactivated: kind === 'delete' ? undefined : kind === 'deactivate' }).unwrap().catch(() => undefined);
    setPending(null);
  };
  const columns: Column<ClientRead>[] = [
    { key: 'name', label: 'Client Name', sortable: true },
    { key: 'abbr', label: 'Client Abbreviation' },
    { key: 'stateId', label: 'State', render: (c) => stateName(c.stateId) },
    { key: 'createdAt', label: 'Creation Date', render: (c) => centralDay(c.createdAt) },
    { key: 'action', label: 'Action', render: (c) => (
      <Stack direction="row">
        <Tooltip title="View"><IconButton aria-label={`View ${c.name}`} onClick={() => setDialog({ mode: 'view', client: c })}><VisibilityIcon /></IconButton></Tooltip>
        {!c.deletedAt && <Tooltip title="Edit"><IconButton aria-label={`Edit ${c.name}`} onClick={() => setDialog({ mode: 'edit', client: c })}><EditIcon /></IconButton></Tooltip>}
        {!c.deletedAt && <Tooltip title="Add Project"><IconButton aria-label={`Add project for ${c.name}`} onClick={() => navigate('../projects/add', { state: { client: c } })}><AddIcon /></IconButton></Tooltip>}
        {c.deletedAt
          ? <Tooltip title="Reactivate"><IconButton aria-label={`Reactivate ${c.name}`} onClick={() => setPending({ kind: 'reactivate', client: c })}><RestoreIcon /></IconButton></Tooltip>
          : <Tooltip title="Deactivate"><IconButton aria-label={`Deactivate ${c.name}`} onClick={() => setPending({ kind: 'deactivate', client: c })}><BlockIcon /></IconButton></Tooltip>}
        <Tooltip title="Delete"><IconButton aria-label={`Delete ${c.name}`} onClick={() => setPending({ kind: 'delete', client: c })}><DeleteIcon /></IconButton></Tooltip>
      </Stack>
    ) },
  ];
  const c = pending ? CONFIRM[pending.kind] : null;
  return (
    <Stack spacing={2}>
      <Typography variant="h5">Client Management</Typography>
      <Stack direction="row" spacing={2}>
        <TextField size="small" label="Search" value={search} onChange={(e) => setFilters({ search: e.target.value })} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'add', client: null })}>Add Client</Button>
      </Stack>
      <DataTable caption="Clients" columns={columns} rows={list.rows} count={list.count} state={table} onStateChange={setTable} rowKey={(r) => r.id} loading={list.loading} failed={list.failed} />
      {dialog && <ClientFormDialog mode={dialog.mode} client={dialog.client} onClose={() => setDialog(null)} />}
      <ConfirmDialog open={!!pending} title={c?.title ?? ''} message={pending && c ? c.message(pending.client.name) : ''} confirmLabel={c?.label}
        busy={isLoading} onConfirm={() => { confirm().catch(() => undefined); }} onCancel={() => setPending(null)} />
    </Stack>
  );
}
