// Project Roster Additional Info (info/:id, and the admin's Additional Info tab): the visit-info fields the call
// screen shows, with Update and a back button to the Projects list.
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Button, Checkbox, FormControlLabel, Paper, Stack, Typography } from '@frontend/shared-ui';
import { useGetVisitInfoQuery, useUpdateVisitInfoMutation } from '@frontend/projects-data-access';

/** readOnly (the admin's view mode): the fields as set, without Update. */
export function VisitInfoPanel({ projectId, readOnly = false }: { projectId: number; readOnly?: boolean }) {
  const { data, isError } = useGetVisitInfoQuery({ projectId });
  const [save, { isLoading }] = useUpdateVisitInfoMutation();
  const [shown, setShown] = useState<Record<string, boolean>>({});
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- local edits start again from each new server answer
    if (data) setShown(Object.fromEntries(data.fields.map((f) => [f.field, f.show])));
  }, [data]);
  const fields = data?.fields ?? [];
  const update = () =>
    save({ visitInfoUpdate: { projectId, fields: fields.map((f) => ({ field: f.field as never, show: !!shown[f.field] })) } }).unwrap().catch(() => undefined);
  // Update offers the checklist as read: before it is read (or when it cannot be) there is nothing to send, and
  // an empty list would be saved as "no field shown", taking every field off the call screen.
  if (isError) return <Typography color="text.secondary">No record found.</Typography>;
  if (!data) return <Typography color="text.secondary">Loading…</Typography>;
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ flexWrap: 'wrap' }} aria-label="Visit info fields">
        {fields.map((f) => (
          <FormControlLabel key={f.field} sx={{ width: 220 }} label={f.field}
            control={<Checkbox checked={!!shown[f.field]} disabled={readOnly} onChange={(e) => setShown({ ...shown, [f.field]: e.target.checked })} />} />
        ))}
      </Stack>
      {!readOnly && <Button variant="contained" sx={{ alignSelf: 'flex-start' }} disabled={isLoading} onClick={() => { update(); }}>Update</Button>}
    </Stack>
  );
}

export function ProjectInfoPage() {
  const projectId = Number(useParams().id);
  const navigate = useNavigate();
  // My Projects passes its address's query (search, sort, page) along: Back returns to the list as it was left
  const listSearch = (useLocation().state as { listSearch?: string } | null)?.listSearch ?? '';
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button variant="outlined" onClick={() => navigate(`../my-projects${listSearch}`)}>Back to Projects</Button>
        <Typography variant="h5">Project Roster Additional Info</Typography>
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }}><VisitInfoPanel projectId={projectId} /></Paper>
    </Stack>
  );
}
