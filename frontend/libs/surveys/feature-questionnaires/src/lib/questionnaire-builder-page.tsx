// questionnaires/:id ({id} may be "add"): the wizard, builder then logic; Next, Finish, Return; Back on
// step 0 exits to the list.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useProjectsGetProjectQuery, useSurveysGetQuestionnaireQuery } from '@frontend/shared-api';
import { Button, NotFoundPage, Stack, Step, StepLabel, Stepper, Typography } from '@frontend/shared-ui';
import { ProjectPicker, type PickedProject } from './project-picker';
import { QuestionnaireBuilder } from './questionnaire-builder';
import { QuestionnaireLogic } from './questionnaire-logic';

export function QuestionnaireBuilderPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const adding = id === 'add';
  const fixed = !adding && id && /^\d+$/.test(id) && Number(id) >= 1 ? Number(id) : null;
  const [picked, setPicked] = useState<PickedProject | null>(null);
  const [step, setStep] = useState(0);
  // the same request as the builder's list (shared by the cache): a 404 means there is no project to edit here
  const current = useSurveysGetQuestionnaireQuery({ projectId: fixed ?? 0 }, { skip: !fixed });
  const unknown = current.error && 'status' in current.error && current.error.status === 404 ? current.error.message : null;
  // The surveys service answers the same for an id that is no project at all (typed, or kept after a delete):
  // the projects service says which it is, and its 404 is "No record found.", not a Retry that cannot succeed.
  const known = useProjectsGetProjectQuery({ projectId: fixed ?? 0 }, { skip: !fixed || !unknown });
  const projectId = fixed ?? picked?.id ?? null;
  const toList = () => navigate('../questionnaires');
  if (!adding && !fixed) return <NotFoundPage />;
  if (unknown && (known.isLoading || (known.error as { status?: number } | undefined)?.status === 404)) {
    return (
      <Stack spacing={2}>
        <Typography variant="h5">Edit Questionnaire</Typography>
        <Typography color="text.secondary">{known.isLoading ? 'Loading…' : 'No record found.'}</Typography>
        <Stack direction="row" spacing={1}><Button onClick={toList}>Return</Button></Stack>
      </Stack>
    );
  }
  if (unknown) {
    // A project created a moment ago may not have reached the surveys service yet: Retry asks again.
    return (
      <Stack spacing={2}>
        <Typography variant="h5">Edit Questionnaire</Typography>
        <Typography>{unknown.replace(/^\w+: /, '')}</Typography>
        <Stack direction="row" spacing={1}>
          <Button variant="contained" disabled={current.isFetching} onClick={() => current.refetch()}>Retry</Button>
          <Button onClick={toList}>Return</Button>
        </Stack>
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <Typography variant="h5">{fixed ? 'Edit Questionnaire' : 'Add Questionnaire'}</Typography>
      <Stepper activeStep={step}>
        <Step><StepLabel>Questionnaire Builder</StepLabel></Step>
        <Step><StepLabel>Questionnaire Logic</StepLabel></Step>
      </Stepper>
      {!fixed && <ProjectPicker label="Project" value={picked} onChange={setPicked} />}
      {step === 0 ? <QuestionnaireBuilder projectId={projectId} /> : projectId && <QuestionnaireLogic projectId={projectId} />}
      <Stack direction="row" spacing={1}>
        <Button onClick={() => (step === 0 ? toList() : setStep(0))}>Back</Button>
        {step === 0 && <Button variant="contained" disabled={!projectId} onClick={() => setStep(1)}>Next</Button>}
        {step === 1 && <Button variant="contained" onClick={toList}>Finish</Button>}
        <Button onClick={toList}>Return</Button>
      </Stack>
    </Stack>
  );
}
