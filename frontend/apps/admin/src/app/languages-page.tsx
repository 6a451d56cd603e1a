// Languages (spec §2.6): list, delete with confirmation, Add New Language typed freely or picked from a list.
import { useState } from 'react';
import { useProjectsCreateLanguageMutation, useProjectsDeleteLanguageMutation, useProjectsLanguageUsageQuery, useProjectsListLanguagesQuery, type LanguageRead, type LanguageUsage, listOf } from '@frontend/shared-api';
import { COMMON_LANGUAGES, ENGLISH_ID } from '@frontend/shared-util';
import { Autocomplete, Box, Button, ConfirmDialog, DataTable, DeleteIcon, IconButton, Paper, Stack, TextField, Typography, toServerQuery, useTableState, type Column } from '@frontend/shared-ui';

export function LanguagesPage() {
  const [table, setTable] = useTableState();
  const list = listOf(useProjectsListLanguagesQuery({ paginated: true, ...toServerQuery(table) }));
  // every language, not only the table's page: a name on another page is no suggestion (the server refuses it, 409)
  const { data: all } = useProjectsListLanguagesQuery({ paginated: false });
  const [create, { isLoading: adding }] = useProjectsCreateLanguageMutation();
  const [remove, { isLoading: removing }] = useProjectsDeleteLanguageMutation();
  const [name, setName] = useState('');
  const [doomed, setDoomed] = useState<LanguageRead | null>(null);
  // deleting a language takes it off every project and surveyor speaking it: the confirmation says how many
  const usage = useProjectsLanguageUsageQuery({ langId: doomed?.id ?? 0 }, { skip: !doomed, refetchOnMountOrArgChange: true });

  const add = async () => {
    const trimmed = name.trim();
    if (!trimmed) return; // an empty name is skipped (spec §5)
    await create({ languageCreate: { name: trimmed } }).unwrap().then(() => setName('')).catch(() => undefined);
  };

  const columns: Column<LanguageRead>[] = [
    { key: 'name', label: 'Language', sortable: true },
    { key: 'action', label: 'Action', render: (l) => (l.id === ENGLISH_ID ? null : (
      <IconButton size="small" aria-label={`Delete ${l.name}`} onClick={() => setDoomed(l)}><DeleteIcon fontSize="small" /></IconButton>
    )) },
  ];
  const existing = new Set((all?.rows ?? []).map((l) => l.name.toLowerCase()));

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>Languages</Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>Add New Language</Typography>
        <Stack direction="row" spacing={2} component="form" onSubmit={(e) => { e.preventDefault(); add(); }}>
          <Autocomplete
            freeSolo
            options={COMMON_LANGUAGES.filter((l) => !existing.has(l.toLowerCase()))}
            inputValue={name}
            onInputChange={(_, v) => setName(v)}
            sx={{ width: 320 }}
            renderInput={(params) => <TextField {...params} label="Language name" size="small" />}
          />
          <Button type="submit" variant="contained" disabled={adding || !name.trim()}>Add</Button>
        </Stack>
      </Paper>
      <DataTable caption="Languages" columns={columns} rows={list.rows} count={list.count} state={table} onStateChange={setTable} rowKey={(l) => l.id} loading={list.loading} failed={list.failed} />
      <ConfirmDialog open={Boolean(doomed)} busy={removing} title="Delete Language" message={deleteMessage(doomed, usage.isFetching ? undefined : usage.data?.data, usage.isError)} confirmLabel="Yes, Delete"
        onCancel={() => setDoomed(null)} onConfirm={async () => { if (doomed) await remove({ langId: doomed.id }).unwrap().catch(() => undefined); setDoomed(null); }} />
    </Box>
  );
}

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function deleteMessage(doomed: LanguageRead | null, usage: LanguageUsage | undefined, failed: boolean): string {
  const ask = `Delete the language ${doomed?.name ?? ''}?`;
  if (!doomed || failed) return ask;
  if (!usage || usage.id !== doomed.id) return `${ask} Checking which projects and surveyors speak it…`;
  if (!usage.projects && !usage.surveyors) return `${ask} No project or surveyor speaks it.`;
  return `${ask} ${count(usage.projects, 'project')} and ${count(usage.surveyors, 'surveyor')} speak it and will lose it.`;
}
