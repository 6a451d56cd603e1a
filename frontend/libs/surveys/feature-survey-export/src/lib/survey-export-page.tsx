// Survey Export for a project: From and To dates, language, surveyor (name and email), Export Csv.
// Opened from My Projects with route state { projectId, projectName }, as Roster Export; opened by its address (a
// reload, a bookmark) the heading asks the server for the project's name.
import { useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import {
  failureAlert, infoNotice, projectsGenerated as G, useAppDispatch, useAppSelector, useProjectsListLanguagesQuery,
  useSurveysExportSurveyorsQuery,
} from '@frontend/shared-api';
import { addDays, businessToday, offeredLanguages } from '@frontend/shared-util';
import { Button, FormControl, InputLabel, IsoDatePicker, MenuItem, NotFoundPage, Select, Stack, Typography } from '@frontend/shared-ui';
import { SURVEY_LANGUAGES, downloadCsv } from '@frontend/surveys-data-access';

/** The server's answer (404) when no survey matches the filters. */
export const NO_DATA = 'No Data Found';

export function SurveyExportPage() {
  const projectId = Number(useParams().id);
  const valid = Number.isInteger(projectId) && projectId > 0;
  const dispatch = useAppDispatch();
  const token = useAppSelector((s) => s.auth.token);
  const stateName = (useLocation().state as { projectName?: string } | null)?.projectName;
  const named = G.useProjectsGetProjectNameQuery({ id: projectId }, { skip: !valid || !!stateName });
  const projectName = stateName ?? named.data?.name;
  // The surveyors and languages wait for the project to be known: for an id that is no project (or not the caller's)
  // the name lookup's "not found" is the one message, not three (one the surveys service's "not known yet").
  const nameStatus = (named.error as { status?: number } | undefined)?.status;
  const missing = nameStatus === 403 || nameStatus === 404;
  const known = valid && (!!stateName || !!named.data || (!!named.isError && !missing));
  // weekly frequency: the last seven days of the business calendar by default, as Roster Export (the browser's own
  // day may already be tomorrow in Chicago)
  const [from, setFrom] = useState<string | null>(() => addDays(businessToday(), -7));
  const [to, setTo] = useState<string | null>(() => businessToday());
  const [languageId, setLanguageId] = useState<number | ''>('');
  const [surveyorId, setSurveyorId] = useState<number | ''>('');
  const [busy, setBusy] = useState(false);
  const surveyors = useSurveysExportSurveyorsQuery({ projectId }, { skip: !known });
  const languages = useProjectsListLanguagesQuery({ projectId, paginated: false }, { skip: !known });
  const rangeError = from && to && from > to ? 'From must not be after To' : undefined;
  const exportCsv = async () => {
    const p = new URLSearchParams({ projectId: String(projectId) });
    if (from) p.set('from', from);
    if (to) p.set('to', to);
    if (languageId !== '') p.set('languageId', String(languageId));
    if (surveyorId !== '') p.set('surveyorId', String(surveyorId));
    setBusy(true);
    await downloadCsv(`/api/survey-export?${p}`, token, `survey-export-${projectId}.csv`)
      // no survey in the range is an empty result (spec §8 'No Data Found'), said as a notice as on Roster Export and
      // the Call Log export, not as a red failure with its status code
      .catch((e: { status?: number; message?: string }) => dispatch(e.status === 404 && e.message === NO_DATA
        ? infoNotice(NO_DATA) : failureAlert(e.status ?? 0, e.message)));
    setBusy(false);
  };
  // an address whose id is no project id has no export to offer (Export Csv would send projectId=NaN)
  if (!valid) return <NotFoundPage />;
  if (missing) {
    return (
      <Stack spacing={2}>
        <Typography variant="h5">Survey Data Export</Typography>
        <Typography color="text.secondary">No record found.</Typography>
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <Typography variant="h5">Survey Data Export{projectName ? ` — ${projectName}` : ''}</Typography>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', alignItems: 'center' }} useFlexGap>
        <IsoDatePicker label="From" value={from} onChange={setFrom} />
        <IsoDatePicker label="To" value={to} onChange={setTo} error={rangeError} />
        <FormControl size="small" sx={{ minWidth: 160 }}>
          <InputLabel id="se-lang">Language</InputLabel>
          <Select labelId="se-lang" label="Language" value={languageId} onChange={(e) => setLanguageId(e.target.value as number | '')}>
            <MenuItem value="">All</MenuItem>
            {offeredLanguages(languages, SURVEY_LANGUAGES, languageId)
              .map((l) => <MenuItem key={l.id} value={l.id}>{l.name}</MenuItem>)}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 280 }}>
          <InputLabel id="se-surveyor">Surveyor</InputLabel>
          <Select labelId="se-surveyor" label="Surveyor" value={surveyorId} onChange={(e) => setSurveyorId(e.target.value as number | '')}>
            <MenuItem value="">All</MenuItem>
            {(surveyors.data?.rows ?? []).map((s) => (
              <MenuItem key={s.id} value={s.id}>{s.name}{s.email ? ` (${s.email})` : ''}</MenuItem>
            ))}
          </Select>
        </FormControl>
        <Button variant="contained" onClick={exportCsv} disabled={busy || !from || !to || !!rangeError}>Export Csv</Button>
      </Stack>
    </Stack>
  );
}
