// External Login Attempts (admins only): the attempted password is masked; the eye asks the server to
// reveal it (each reveal is audited there).
import { useState } from 'react';
import { useLazyIdentityRevealExternalPasswordQuery, useIdentityListExternalAttemptsQuery, failureAlert, useAppDispatch, type ExternalAttemptRead, type AppError, listOf } from '@frontend/shared-api';
import { centralDateTime } from '@frontend/shared-util';
import { Box, DataTable, IconButton, Stack, Tooltip, Typography, VisibilityIcon, VisibilityOffIcon, toServerQuery, useTableState, type Column } from '@frontend/shared-ui';

function MaskedPassword({ row }: { row: ExternalAttemptRead }) {
  const dispatch = useAppDispatch();
  const [revealed, setRevealed] = useState<string | null>(null);
  const [reveal, { isFetching }] = useLazyIdentityRevealExternalPasswordQuery();
  const toggle = async () => {
    if (revealed !== null) return setRevealed(null);
    try {
      const res = await reveal({ id: row.id }).unwrap();
      setRevealed(res.data.apwd);
    } catch (e) {
      const err = e as AppError;
      dispatch(failureAlert(err.status, err.message));
    }
  };
  const label = revealed === null ? 'Show password' : 'Hide password';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography component="span" sx={{ fontFamily: 'monospace' }}>{revealed ?? row.apwd}</Typography>
      <Tooltip title={label}>
        <IconButton size="small" aria-label={label} onClick={toggle} disabled={isFetching}>
          {revealed === null ? <VisibilityIcon fontSize="small" /> : <VisibilityOffIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

export function ExternalLoginAttemptsPage() {
  const [table, setTable] = useTableState({ orderBy: 'createdAt', orderDir: 'DESC' });
  const list = listOf(useIdentityListExternalAttemptsQuery(toServerQuery(table)));
  const columns: Column<ExternalAttemptRead>[] = [
    { key: 'email', label: 'Attempted Email', sortable: true },
    { key: 'apwd', label: 'Attempted Password', render: (r) => <MaskedPassword row={r} /> },
    { key: 'ipAddress', label: 'IP Address', sortable: true, render: (r) => r.ipAddress ?? 'N/A' },
    { key: 'createdAt', label: 'Attempted At', sortable: true, render: (r) => centralDateTime(r.createdAt) },
  ];
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>External Login Attempts</Typography>
      <DataTable caption="External login attempts" columns={columns} rows={list.rows} count={list.count} state={table} onStateChange={setTable} rowKey={(r) => r.id} loading={list.loading} failed={list.failed} />
    </Box>
  );
}
