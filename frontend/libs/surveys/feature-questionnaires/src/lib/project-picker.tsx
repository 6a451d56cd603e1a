// A project chooser over the surveys service's known projects (PM: own, Operations: all); 2+ characters search.
import { useState } from 'react';
import { useAppSelector, useSurveysGetQuestionnaireQuery, type QuestionnaireProjectRead } from '@frontend/shared-api';
import { Autocomplete, TextField } from '@frontend/shared-ui';
import { Role, SEARCH_MIN } from '@frontend/shared-util';

export interface PickedProject { id: number; name: string; questionCount?: number }

/** `emptyOnly`: a project that already has a questionnaire is shown but cannot be chosen (a copy target). */
export function ProjectPicker({ label, value, onChange, excludeId, emptyOnly }: {
  label: string; value: PickedProject | null; onChange: (p: PickedProject | null) => void; excludeId?: number; emptyOnly?: boolean;
}) {
  const user = useAppSelector((s) => s.auth.user);
  const isManager = user?.role === Role.ProjectManager;
  const [input, setInput] = useState('');
  const term = input.trim().length >= SEARCH_MIN ? input.trim() : undefined;
  const { data, isFetching } = useSurveysGetQuestionnaireQuery({
    includeEmpty: true, search: term, isManager, userId: isManager ? user?.id : undefined, limit: 50,
  });
  const options: PickedProject[] = ((data?.rows ?? []) as QuestionnaireProjectRead[])
    .filter((r) => r.projectId !== excludeId)
    .map((r) => ({ id: r.projectId, name: r.name || `Project ${r.projectId}`, questionCount: r.questionCount }));
  return (
    <Autocomplete
      options={options} value={value} loading={isFetching} inputValue={input}
      onInputChange={(_e, v) => setInput(v)} onChange={(_e, v) => onChange(v)}
      getOptionLabel={(o) => o.name} isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionDisabled={(o) => !!emptyOnly && (o.questionCount ?? 0) > 0}
      renderOption={({ key, ...props }, o) => (
        <li key={key} {...props}>{o.name}{emptyOnly && (o.questionCount ?? 0) > 0 ? ' (has a questionnaire)' : ''}</li>
      )}
      renderInput={(params) => <TextField {...params} label={label} size="small" />}
    />
  );
}
