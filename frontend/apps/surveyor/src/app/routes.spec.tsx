// The table of this remote against the spec's route lists, kept here as constants (spec platform.md §2.3–2.4,
// survey-work.md §2): every path of each role is routed, and no other.
import { createRoutesFromChildren } from 'react-router-dom';
import { Role } from '@frontend/shared-util';
import { routeTable } from './routes';

const SPEC_PATHS: [Role, string[]][] = [
  [Role.Surveyor, [
    'my-projects',
    'my-projects/:id',
    'project-call/:id',
    'survey-call/:id',
    'call-log',
    'call-quality',
    'surveyor-earnings',
    'surveyor-guidelines/:id',
    'surveyor-call-stats',
    'questionnaire-viewer/:id',
  ]],
  [Role.CimrSurveyor, [
    'my-projects',
    'my-projects/:id',
    'project-call/:id',
    'survey-call/:id',
    'call-log',
    'call-quality',
    'surveyor-guidelines/:id',
    'questionnaire-viewer/:id',
    'surveyor-call-stats',
  ]],
  [Role.KellerSurveyor, [
    'my-projects',
    'my-projects/:id',
    'survey-call/:id',
    'call-log',
    'surveyor-guidelines/:id',
    'questionnaire-viewer/:id',
    'surveyor-call-stats',
    'surveyor-earnings',
  ]],
];

describe('surveyor route table', () => {
  it.each(SPEC_PATHS)('routes exactly the spec paths of role %s', (role, paths) => {
    const routed = createRoutesFromChildren(routeTable(role)).map((r) => r.path);
    expect([...routed].sort()).toEqual([...paths].sort());
  });
});
