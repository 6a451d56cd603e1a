// Account Management (admin: every action) and User Directory (other staff: view only), spec §2.6.
import { useState } from 'react';
import {
  failureAlert, useAppDispatch, useAppSelector, useIdentityDeleteUserMutation, useIdentityInviteUserMutation,
  useIdentityListUsersQuery, useIdentitySetUserStatusMutation, type UserRead, listOf,
} from '@frontend/shared-api';
import {
  AddIcon, BlockIcon, Box, Button, ConfirmDialog, DataTable, DeleteIcon, DownloadIcon, EditIcon, FormControl, IconButton,
  InputLabel, MailIcon, MenuItem, PhoneDisplay, RestoreIcon, Select, Stack, TextField, ToggleButton, ToggleButtonGroup,
  Tooltip, Typography, VisibilityIcon, toServerQuery, useUrlListState, type Column,
} from '@frontend/shared-ui';
import { ALL_ROLES, ROLE_NAMES, Role, SEARCH_MIN, businessToday, saveFile } from '@frontend/shared-util';
import { AccountFormDialog } from './account-form-dialog';
import { AccountViewDialog } from './account-view-dialog';
import { FactorPolicyDialog } from './factor-policy-dialog';

type Pending = { kind: 'delete' | 'status'; user: UserRead } | null;

const LIST_FILTERS = { search: '', role: '', status: '' };

async function downloadCsv(params: URLSearchParams, token: string | null) {
  const res = await fetch(`/api/users/export?${params}`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'include' });
  if (!res.ok) {
    const body = await res.json().catch(() => ({}) as { message?: string });
    throw Object.assign(new Error((body as { message?: string }).message ?? res.statusText), { status: res.status });
  }
  // dated by the business day (America/Chicago), as every export
  saveFile(`accounts-${businessToday()}.csv`, await res.blob());
}

export function AccountsPage({ mode }: { mode: 'admin' | 'directory' }) {
  const admin = mode === 'admin';
  const dispatch = useAppDispatch();
  const token = useAppSelector((s) => s.auth.token);
  // a CIMR Manager's directory lists CIMR Surveyors only (spec §6; identity's list answers no other role for
  // them, not even CIMR Manager): the filter offers no other role
  const myRole = useAppSelector((s) => s.auth.user?.role);
  const roleChoices = myRole === Role.CimrManager ? [Role.CimrSurveyor] : ALL_ROLES;
  // identity refuses deactivating or deleting one's own account (400 "You cannot do this to your own account"),
  // so the own row does not offer them
  const myId = useAppSelector((s) => s.auth.user?.id);
  // search, role, status, sort and page live in the address (?search=&role=&status=deactivated&orderBy=&orderDir=&
  // page=&pageSize=): a reload, Back and a shared link give the list as it was left
  const { table, setTable, filters: inAddress, setFilters } = useUrlListState({ table: { orderBy: 'firstName' }, filters: LIST_FILTERS });
  const { search } = inAddress;
  const role: number | '' = /^\d+$/.test(inAddress.role) ? Number(inAddress.role) : '';
  const deactivated = inAddress.status === 'deactivated';
  const [viewing, setViewing] = useState<UserRead | null>(null);
  const [editing, setEditing] = useState<UserRead | null>(null);
  const [adding, setAdding] = useState(false);
  const [policyOpen, setPolicyOpen] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const [remove, { isLoading: removing }] = useIdentityDeleteUserMutation();
  const [setStatus, { isLoading: switching }] = useIdentitySetUserStatusMutation();
  const [invite] = useIdentityInviteUserMutation();

  const term = search.trim().length >= SEARCH_MIN ? search.trim() : undefined;
  const filters = { search: term, role: role === '' ? undefined : role, isDeleted: deactivated };
  const list = listOf(useIdentityListUsersQuery({ ...filters, ...toServerQuery(table) }));

  const exportCsv = () => {
    const p = new URLSearchParams({ isDeleted: String(deactivated) });
    if (term) p.set('search', term);
    if (role !== '') p.set('role', String(role));
    downloadCsv(p, token).catch((e: { status?: number; message?: string }) => dispatch(failureAlert(e.status ?? 0, e.message)));
  };

  const confirm = async () => {
    if (!pending) return;
    const { kind, user } = pending;
    const done = kind === 'delete'
      ? remove({ id: user.id }).unwrap()
      : setStatus({ userStatus: { id: user.id, status: user.isDeleted ? 'active' : 'deactivated' } }).unwrap();
    await done.catch(() => undefined);
    setPending(null);
  };

  const action = (label: string, icon: React.ReactNode, onClick: () => void) => (
    <Tooltip title={label} key={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>{icon}</IconButton>
    </Tooltip>
  );

  const columns: Column<UserRead>[] = [
    { key: 'firstName', label: 'First Name', sortable: true },
    { key: 'lastName', label: 'Last Name', sortable: true },
    { key: 'email', label: 'Email', sortable: true },
    { key: 'role', label: 'Role', sortable: true, render: (u) => ROLE_NAMES[u.role as Role] },
    { key: 'phoneNumber', label: 'Contact Number', sortable: true, render: (u) => <PhoneDisplay value={u.phoneNumber} /> },
    // the server's `status` sort key orders by the same three words (identity user/repository.py STATUS)
    { key: 'status', label: 'Status', sortable: true, render: (u) => (u.isDeleted ? 'Deactivated' : u.invitationPending ? 'Invited' : 'Active') },
    {
      key: 'action', label: 'Action', render: (u) => (
        <Stack direction="row" spacing={0.5}>
          {action(`View ${u.email}`, <VisibilityIcon fontSize="small" />, () => setViewing(u))}
          {admin && !u.isDeleted && action(`Edit ${u.email}`, <EditIcon fontSize="small" />, () => setEditing(u))}
          {admin && !u.isDeleted && action(`Re-invite ${u.email}`, <MailIcon fontSize="small" />, () => invite({ userId: { id: u.id } }))}
          {admin && u.id !== myId && action(`${u.isDeleted ? 'Reactivate' : 'Deactivate'} ${u.email}`, u.isDeleted ? <RestoreIcon fontSize="small" /> : <BlockIcon fontSize="small" />, () => setPending({ kind: 'status', user: u }))}
          {admin && u.id !== myId && action(`Delete ${u.email}`, <DeleteIcon fontSize="small" />, () => setPending({ kind: 'delete', user: u }))}
        </Stack>
      ),
    },
  ];

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>{admin ? 'Account Management' : 'User Directory'}</Typography>
      <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }} useFlexGap>
        <TextField size="small" label="Search" placeholder="Name or email (2+ characters)" value={search} onChange={(e) => setFilters({ search: e.target.value })} />
        <FormControl size="small" sx={{ minWidth: 180 }}>
          <InputLabel id="role-filter-label">Role</InputLabel>
          <Select labelId="role-filter-label" label="Role" value={role} onChange={(e) => setFilters({ role: String(e.target.value) })}>
            <MenuItem value="">All roles</MenuItem>
            {roleChoices.map((r) => <MenuItem key={r} value={r}>{ROLE_NAMES[r]}</MenuItem>)}
          </Select>
        </FormControl>
        <ToggleButtonGroup size="small" exclusive value={deactivated ? 'deactivated' : 'active'} onChange={(_, v) => { if (v) setFilters({ status: v === 'deactivated' ? 'deactivated' : '' }); }} aria-label="Account status">
          <ToggleButton value="active">Active</ToggleButton>
          <ToggleButton value="deactivated">Deactivated</ToggleButton>
        </ToggleButtonGroup>
        <Box sx={{ flex: 1 }} />
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={exportCsv}>Export CSV</Button>
        {admin && <Button variant="outlined" onClick={() => setPolicyOpen(true)}>Sign-in Factors</Button>}
        {admin && <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>Add Account</Button>}
      </Stack>
      <DataTable caption="Accounts" columns={columns} rows={list.rows} count={list.count} state={table} onStateChange={setTable} rowKey={(u) => u.id} loading={list.loading} failed={list.failed} />
      <AccountViewDialog user={viewing} onClose={() => setViewing(null)} />
      {admin && policyOpen && <FactorPolicyDialog onClose={() => setPolicyOpen(false)} />}
      {admin && <AccountFormDialog open={adding} onClose={() => setAdding(false)} />}
      {admin && <AccountFormDialog open={Boolean(editing)} user={editing} own={editing?.id === myId} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={Boolean(pending)}
        busy={removing || switching}
        title={pending?.kind === 'delete' ? 'Delete Account' : pending?.user.isDeleted ? 'Reactivate Account' : 'Deactivate Account'}
        message={pending ? (pending.kind === 'delete'
          ? `Permanently delete ${pending.user.firstName} ${pending.user.lastName}? This cannot be undone.`
          : `${pending.user.isDeleted ? 'Reactivate' : 'Deactivate'} ${pending.user.firstName} ${pending.user.lastName}?`) : ''}
        confirmLabel={pending?.kind === 'delete' ? 'Yes, Delete' : pending?.user.isDeleted ? 'Yes, Reactivate' : 'Yes, Deactivate'}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </Box>
  );
}
