// The table of this remote against the spec's route lists, kept here as constants (spec platform.md §2.3–2.4,
// survey-work.md §2): every path of each role is routed, and no other.
import { createRoutesFromChildren } from 'react-router-dom';
import { Role } from '@frontend/shared-util';
import { routeTable } from './routes';

const SPEC_PATHS: [Role, string[]][] = [
  [Role.ProjectManager, [
    'dashboard',
    'my-projects',
    'rosters',
    'roster-export',
    'detail/:id',
    'info/:id',
    'sampling/:id',
    'call-log',
    'my-surveyors',
    'my-surveyors/projects/:id',
    'my-surveyors/:uid/:pid',
    'user-directory',
    'call-quality',
    'comment-cleaning',
    'comment-cleaning-selection',
    'escalations',
    'escalation-detail/:id',
    'questionnaires',
    'questionnaires/:id',
    'questionnaire-viewer/:id',
    'client-report-exports',
    'client-report-exports/:id',
    'surveyor-call-stats',
    'surveyor-earnings',
    'survey-export/:id',
    'surveyor-guidelines/:id',
  ]],
  [Role.Operations, [
    'dashboard',
    'all-surveyors',
    'assignments',
    'assignments/:id',
    'call-quality',
    'my-projects',
    'detail/:id',
    'sampling/:id',
    'roster-export',
    'info/:id',
    'surveyor-guidelines/:id',
    'rosters',
    'comment-cleaning',
    'comment-cleaning-selection',
    'client-report-exports',
    'client-report-exports/:id',
    'user-directory',
    'questionnaire-viewer/:id',
    'questionnaires',
    'questionnaires/:id',
    'call-log',
    'my-surveyors/projects/:id',
    'my-surveyors/:uid/:pid',
    'question-bank-manager',
    'surveyor-call-stats',
    'escalations',
    'escalation-detail/:id',
    'surveyor-earnings',
    'survey-export/:id',
  ]],
];

describe('manager route table', () => {
  it.each(SPEC_PATHS)('routes exactly the spec paths of role %s', (role, paths) => {
    const routed = createRoutesFromChildren(routeTable(role)).map((r) => r.path);
    expect([...routed].sort()).toEqual([...paths].sort());
  });
});
