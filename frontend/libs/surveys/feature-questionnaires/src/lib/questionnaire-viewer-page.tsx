// Questionnaire viewer (every role that has questionnaire-viewer/:id): language select, print, Start Call
// (unlocks the pane for a preview), call disposition and take-a-break, as on the call screen.
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  Box, Button, Checkbox, FormControl, FormControlLabel, InputLabel, MenuItem, PRINT_GROW, Select, Stack, Typography,
} from '@frontend/shared-ui';
import { useAppSelector, useProjectsListLanguagesQuery } from '@frontend/shared-api';
import { CALL_DISPOSITIONS, NAV_ENTRIES, ROLE_AREAS, Role, homeOf, offeredLanguages } from '@frontend/shared-util';
import { ENGLISH, SURVEY_LANGUAGES } from '@frontend/surveys-data-access';
import { QuestionnairePane } from './questionnaire-pane';

/** Where Go Back leads when the viewer was opened directly (a new tab: no history entry of the app to return
 * to): the Questionnaires list for the roles that have it, else the role's home (My Projects for surveyors). */
export function viewerBackPath(role: Role | undefined): string {
  if (role === undefined) return '/';
  const hasList = NAV_ENTRIES[role]?.some((e) => e.path === 'questionnaires');
  return hasList ? `${ROLE_AREAS[role].prefix}/questionnaires` : homeOf(role);
}

export function QuestionnaireViewerPage() {
  const projectId = Number(useParams().id);
  const navigate = useNavigate();
  const location = useLocation();
  const role = useAppSelector((s) => s.auth.user?.role) as Role | undefined;
  // react-router's first entry has the key 'default': navigate(-1) would leave the app (about:blank)
  const goBack = () => (location.key === 'default' ? navigate(viewerBackPath(role)) : navigate(-1));
  const [languageId, setLanguageId] = useState(ENGLISH);
  const [started, setStarted] = useState(false);
  const [result, setResult] = useState<number | ''>('');
  const [takeBreak, setTakeBreak] = useState(false);
  const [valid, setValid] = useState(false);
  const validId = Number.isInteger(projectId) && projectId >= 1;
  const languages = useProjectsListLanguagesQuery({ projectId, paginated: false }, { skip: !validId });
  if (!validId) return <Typography>the page you are looking for is not found</Typography>;
  return (
    <Box>
      {/* both rows wrap on a narrow screen rather than pushing Start Call, Go Back or Take a break off the page */}
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }} className="no-print">
        <Typography variant="h5" sx={{ flex: 1 }}>Questionnaire Viewer</Typography>
        <FormControl size="small" sx={{ minWidth: 160 }}>
          <InputLabel id="viewer-lang">Language</InputLabel>
          <Select labelId="viewer-lang" label="Language" value={languageId} onChange={(e) => setLanguageId(Number(e.target.value))}>
            {offeredLanguages(languages, SURVEY_LANGUAGES, languageId)
              .map((l) => <MenuItem key={l.id} value={l.id}>{l.name}</MenuItem>)}
          </Select>
        </FormControl>
        <Button onClick={() => window.print()}>Print</Button>
        <Button variant="contained" disabled={started} onClick={() => setStarted(true)}>Start Call</Button>
        <Button onClick={goBack}>Go Back</Button>
      </Stack>
      {/* Print puts the whole questionnaire on paper, in the chosen language, not the pane's first 530 px */}
      <Box className={PRINT_GROW} data-testid="viewer-questionnaire">
        <QuestionnairePane projectId={projectId} callId={null} languageId={languageId} locked={!started}
          onChange={(s) => setValid(s.valid)} />
      </Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 2 }} className="no-print">
        <FormControl size="small" sx={{ minWidth: 280 }}>
          <InputLabel id="viewer-result">Call Disposition</InputLabel>
          <Select labelId="viewer-result" label="Call Disposition" value={result} disabled={!started}
            onChange={(e) => setResult(e.target.value as number)}>
            {CALL_DISPOSITIONS.map((r) => <MenuItem key={r.id} value={r.id}>{r.label}</MenuItem>)}
          </Select>
        </FormControl>
        <FormControlLabel control={<Checkbox checked={takeBreak} onChange={(e) => setTakeBreak(e.target.checked)} />} label="Take a break" />
        <Typography color={valid ? 'success.main' : 'text.secondary'}>
          {started ? (valid ? 'All required questions answered' : 'Required questions are marked *') : 'Preview: no call is recorded'}
        </Typography>
      </Stack>
    </Box>
  );
}
