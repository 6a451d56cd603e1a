// The table of this remote against the spec's route lists, kept here as constants (spec platform.md §2.3–2.4,
// survey-work.md §2): every path of each role is routed, and no other.
import { createRoutesFromChildren } from 'react-router-dom';
import { routeTable } from './routes';

/** The paths of the Admin role. */
const SPEC_PATHS = [
  'account-management',
  'client-management',
  'languages',
  'project-list',
  'projects/:id',
  'projects/:id/:mode',
  'dashboard',
  'external-login-attempts',
  'phi-access-audit',
  'projects/add',
];

describe('admin route table', () => {
  it('routes exactly the spec paths of its role', () => {
    const routed = createRoutesFromChildren(routeTable()).map((r) => r.path);
    expect([...routed].sort()).toEqual([...SPEC_PATHS].sort());
  });
});
