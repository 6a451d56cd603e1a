// The address a signed-out user opened, kept through the sign-in (spec §2.1: protected routes send a signed-out
// user to the login page): the login page's `next` query parameter, honoured only as a path of this site that
// the signed-in role may open.
import { ROLE_AREAS, homeOf, type Role } from './roles';

export const RETURN_PARAM = 'next';

/** Whether a signed-in user of this role may open the path: the role's own area, or My Profile (all roles). */
export function roleMayOpen(role: Role, pathname: string): boolean {
  if (pathname === '/my-profile') return true;
  const prefix = ROLE_AREAS[role]?.prefix;
  return Boolean(prefix) && (pathname === prefix || pathname.startsWith(`${prefix}/`));
}

const BASE = 'http://surveyops.invalid';

/**
 * Where a sign-in leads: `next` when it is a same-origin path (never an absolute or protocol-relative address,
 * nor one a browser would read as such: `/\host`, control characters) that the role may open, else the role's
 * home.
 */
export function returnPath(next: string | null | undefined, role: Role): string {
  const home = homeOf(role);
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (!next || !next.startsWith('/') || next.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(next)) return home;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return home;
  }
  if (url.origin !== BASE) return home;
  return roleMayOpen(role, url.pathname) ? `${url.pathname}${url.search}${url.hash}` : home;
}

/** The login page's address that leads back to `path` after the sign-in. */
export function loginFor(path: string): string {
  return path === '/' ? '/' : `/?${RETURN_PARAM}=${encodeURIComponent(path)}`;
}
