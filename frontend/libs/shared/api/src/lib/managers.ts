// The users a project may name as its manager: the project wizard's picker and the project-manager filters of
// Operations (My Projects, Call Log, Surveyor Call Stats and Earnings).
import { useEffect } from 'react';
import { Role } from '@frontend/shared-util';
import { useIdentityListUsersQuery } from './generated/identity';

/** The project-manager picker: 100 users sorted by firstName ascending (platform §6). */
export const MANAGER_PICKER_SIZE = 100;
type PickerUser = { id: number; firstName: string; lastName: string };

/** Operations users may manage projects too (projects' MANAGER_USER_ROLES), but GET users filters one role per
 * call: both sorted pages are merged into one list by first name, capped like either page. */
export function managerOptions<T extends PickerUser>(...pages: (readonly T[] | undefined)[]): T[] {
  return pages.flatMap((p) => p ?? [])
    .sort((a, b) => a.firstName.localeCompare(b.firstName) || a.lastName.localeCompare(b.lastName) || a.id - b.id)
    .slice(0, MANAGER_PICKER_SIZE);
}

/** The users a project may name as its manager (Project Managers and Operations users). */
export function useManagerOptions(options: { skip?: boolean } = {}) {
  return managerOptionsOf(useIdentityListUsersQuery, options);
}

/** useManagerOptions over a given users query (a spec passes its stand-in). */
export function managerOptionsOf(listUsers: typeof useIdentityListUsersQuery, { skip = false }: { skip?: boolean } = {}) {
  const page = { limit: MANAGER_PICKER_SIZE, orderBy: 'firstName', orderDir: 'ASC' } as const;
  const { data: pms } = listUsers({ role: Role.ProjectManager, ...page }, { skip });
  const { data: ops } = listUsers({ role: Role.Operations, ...page }, { skip });
  return managerOptions(pms?.rows, ops?.rows);
}

/** Operations' surveyor filter under a chosen project manager holds that manager's surveyors (reporting's
 * users/surveyors and surveyors-info `managerId`: the surveyors assigned to the manager's projects, as a Project
 * Manager's own filter); a surveyor chosen before who is not among them is cleared. `listed` is the list loaded for
 * the chosen manager (undefined while it loads or when no manager is chosen: then nothing is cleared, so a surveyor
 * that a link chose stays). */
export function useClearUnlistedSurveyor(chosen: number | null | undefined, listed: readonly { id: number }[] | undefined,
                                         clear: () => void) {
  useEffect(() => {
    if (chosen != null && listed && !listed.some((u) => u.id === chosen)) clear();
  }, [chosen, listed, clear]);
}
