// surveyor-guidelines/:id (spec: Surveyor Guidelines): the current guidelines PDF, reloaded every 3 s until
// loaded; upload for every role but Quality and the surveyors; "No guidelines uploaded yet." when there is none.
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { failureAlert, projectsGenerated as G, useAppDispatch, useAppSelector } from '@frontend/shared-api';
import { FileDropZone, Paper, Stack, Typography } from '@frontend/shared-ui';
import { Role } from '@frontend/shared-util';
import { NO_GUIDELINES, useListGuidelinesQuery, useUploadGuidelineMutation } from '@frontend/projects-data-access';
import { GuidelinesGate } from './guidelines-gate';
import { PdfViewerLazy as PdfViewer } from './pdf-viewer-lazy';

const SURVEYORS: number[] = [Role.Surveyor, Role.CimrSurveyor, Role.KellerSurveyor];
const NO_UPLOAD: number[] = [Role.Quality, ...SURVEYORS];

/** readOnly (the admin's project view mode): the current PDF without the upload. */
export function SurveyorGuidelinesPage({ readOnly = false }: { readOnly?: boolean } = {}) {
  const projectId = Number(useParams().id);
  const role = useAppSelector((s) => s.auth.user?.role ?? -1);
  const dispatch = useAppDispatch();
  const { data, isLoading, error } = useListGuidelinesQuery({ projectId }, { skip: !projectId });
  const [upload] = useUploadGuidelineMutation();
  const [progress, setProgress] = useState<number | undefined>();
  const current = data?.rows.find((g) => g.isCurrent);
  // No such project (or not one of ours): say so, and offer no upload that could only fail.
  const missing = error && 'status' in error && error.status === 404 ? error.message : null;

  const send = async (file: File) => {
    const form = new FormData();
    form.append('projectId', String(projectId));
    form.append('fileName', file.name);
    form.append('file', file);
    setProgress(50);
    try {
      await upload({ bodyProjectsUploadGuideline: form as unknown as G.BodyProjectsUploadGuideline }).unwrap();
    } finally {
      setProgress(undefined);
    }
  };
  const page = (
    <Stack spacing={2}>
      <Typography variant="h5">Surveyor Guidelines</Typography>
      {!NO_UPLOAD.includes(role) && !missing && !readOnly && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          {/* a file of the wrong type is the server's 415, as on Roster Upload */}
          <FileDropZone accept={['.pdf']} progress={progress} onFile={(f) => send(f).catch(() => undefined)}
            onReject={(m) => dispatch(failureAlert(415, m))} />
        </Paper>
      )}
      {isLoading ? null : missing ? (
        <Typography>{missing}</Typography>
      ) : current ? (
        <PdfViewer path={current.url} title={current.fileName} />
      ) : (
        <Typography color="text.secondary">{NO_GUIDELINES}</Typography>
      )}
    </Stack>
  );
  return SURVEYORS.includes(role) ? <GuidelinesGate projectId={projectId}>{page}</GuidelinesGate> : page;
}
