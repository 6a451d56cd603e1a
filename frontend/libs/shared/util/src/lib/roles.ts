// Roles, route prefixes, homes and left-navigation entries (spec §2.2, §2.5, §3).
export enum Role {
  Admin = 0,
  ProjectManager = 1,
  Operations = 2,
  Surveyor = 3,
  Quality = 4,
  Finance = 5,
  CommentCleaner = 6,
  CimrSurveyor = 7,
  CimrManager = 8,
  KellerSurveyor = 9,
}

export const ROLE_NAMES: Record<Role, string> = {
  [Role.Admin]: 'Admin',
  [Role.ProjectManager]: 'Project Manager',
  [Role.Operations]: 'Operations',
  [Role.Surveyor]: 'Surveyor',
  [Role.Quality]: 'Quality',
  [Role.Finance]: 'Finance',
  [Role.CommentCleaner]: 'Comment Cleaner',
  [Role.CimrSurveyor]: 'CIMR Surveyor',
  [Role.CimrManager]: 'CIMR Manager',
  [Role.KellerSurveyor]: 'Keller Surveyor',
};

export const ALL_ROLES = Object.keys(ROLE_NAMES).map(Number) as Role[];
export const SURVEYOR_ROLES: readonly Role[] = [Role.Surveyor, Role.CimrSurveyor, Role.KellerSurveyor];
export const isSurveyorRole = (role: number | undefined | null) => SURVEYOR_ROLES.includes(role as Role);

/** Prefix and home of each role. Finance has no area of its own: its home is My Profile. */
export const ROLE_AREAS: Record<Role, { prefix: string; home: string }> = {
  [Role.Admin]: { prefix: '/admin', home: 'account-management' },
  [Role.ProjectManager]: { prefix: '/project-manager', home: 'my-projects' },
  [Role.Operations]: { prefix: '/ops', home: 'my-projects' },
  [Role.Quality]: { prefix: '/qa', home: 'call-log' },
  [Role.CommentCleaner]: { prefix: '/cc', home: 'comment-cleaning-selection' },
  [Role.Surveyor]: { prefix: '/surveyor', home: 'my-projects' },
  [Role.CimrSurveyor]: { prefix: '/ccs', home: 'my-projects' },
  [Role.CimrManager]: { prefix: '/cimr', home: 'all-surveyors' },
  [Role.KellerSurveyor]: { prefix: '/keller', home: 'my-projects' },
  [Role.Finance]: { prefix: '', home: 'my-profile' },
};

export function homeOf(role: Role): string {
  const { prefix, home } = ROLE_AREAS[role];
  return `${prefix}/${home}`;
}

/** The icon of a navigation entry (the collapsed navigation shows it, with the label as a tooltip). */
export type NavIcon =
  | 'accounts' | 'clients' | 'projectList' | 'languages' | 'externalLogins' | 'commentCleaning' | 'directory'
  | 'projects' | 'callStats' | 'earnings' | 'callLog' | 'surveyors' | 'mySurveyors' | 'assignments'
  | 'callQuality' | 'clientExports' | 'escalations' | 'questionBank' | 'questionnaires' | 'phiAudit';

export interface NavEntry {
  label: string;
  path: string;
  icon: NavIcon;
  /** Only shown when the build's environment flag is development. */
  devOnly?: boolean;
}

const e = (label: string, path: string, icon: NavIcon, devOnly = false): NavEntry => ({ label, path, icon, ...(devOnly ? { devOnly } : {}) });

const SURVEYOR_NAV = [
  e('My Projects', 'my-projects', 'projects'),
  e('Surveyor Call Stats', 'surveyor-call-stats', 'callStats'),
  e('Surveyor Earnings', 'surveyor-earnings', 'earnings'),
  e('Call Log', 'call-log', 'callLog'),
];

export const NAV_ENTRIES: Record<Role, NavEntry[]> = {
  [Role.Admin]: [
    e('Account Management', 'account-management', 'accounts'),
    e('Client Management', 'client-management', 'clients'),
    e('Project List', 'project-list', 'projectList'),
    e('Languages', 'languages', 'languages'),
    e('External Login Attempts', 'external-login-attempts', 'externalLogins'),
    e('PHI Access Audit', 'phi-access-audit', 'phiAudit'),
  ],
  [Role.CommentCleaner]: [e('Comment Cleaning Selection', 'comment-cleaning-selection', 'commentCleaning'), e('User Directory', 'user-directory', 'directory')],
  [Role.CimrSurveyor]: [e('My Projects', 'my-projects', 'projects'), e('Surveyor Call Stats', 'surveyor-call-stats', 'callStats'), e('Call Log', 'call-log', 'callLog')],
  [Role.CimrManager]: [
    e('All Surveyors', 'all-surveyors', 'surveyors'),
    e('Surveyor Call Stats', 'surveyor-call-stats', 'callStats'),
    e('Assignments', 'assignments', 'assignments'),
    e('Call Log', 'call-log', 'callLog'),
    e('User Directory', 'user-directory', 'directory'),
  ],
  [Role.Operations]: [
    e('My Projects', 'my-projects', 'projects'),
    e('All Surveyors', 'all-surveyors', 'surveyors'),
    e('Call Quality', 'call-quality', 'callQuality', true),
    e('Surveyor Call Stats', 'surveyor-call-stats', 'callStats'),
    e('Comment Cleaning Selection', 'comment-cleaning-selection', 'commentCleaning'),
    e('Client Report Exports', 'client-report-exports', 'clientExports'),
    e('Escalations', 'escalations', 'escalations'),
    e('Surveyor Earnings', 'surveyor-earnings', 'earnings'),
    e('Assignments', 'assignments', 'assignments'),
    e('Call Log', 'call-log', 'callLog'),
    e('Question Bank Manager', 'question-bank-manager', 'questionBank'),
    e('Questionnaires', 'questionnaires', 'questionnaires'),
    e('User Directory', 'user-directory', 'directory'),
  ],
  [Role.ProjectManager]: [
    e('My Projects', 'my-projects', 'projects'),
    e('My Surveyors', 'my-surveyors', 'mySurveyors'),
    e('Call Quality', 'call-quality', 'callQuality', true),
    e('Surveyor Call Stats', 'surveyor-call-stats', 'callStats'),
    e('Comment Cleaning Selection', 'comment-cleaning-selection', 'commentCleaning'),
    e('Client Report Exports', 'client-report-exports', 'clientExports'),
    e('Escalations', 'escalations', 'escalations'),
    e('Surveyor Earnings', 'surveyor-earnings', 'earnings'),
    e('Call Log', 'call-log', 'callLog'),
    e('Questionnaires', 'questionnaires', 'questionnaires'),
    e('User Directory', 'user-directory', 'directory'),
  ],
  [Role.Quality]: [e('Call Log', 'call-log', 'callLog'), e('User Directory', 'user-directory', 'directory')],
  [Role.Surveyor]: SURVEYOR_NAV,
  [Role.KellerSurveyor]: SURVEYOR_NAV,
  [Role.Finance]: [],
};

/** The navigation a user sees: devOnly entries only when the environment is development. */
export function navFor(role: Role, env: string): NavEntry[] {
  return NAV_ENTRIES[role].filter((n) => !n.devOnly || env === 'development').map((n) => ({
    ...n,
    path: `${ROLE_AREAS[role].prefix}/${n.path}`,
  }));
}

/** The names of the screens no navigation entry leads to (a project, a viewer, a call), by the first part of
 * their path within the role's area; `projects` is the admin's project screens. */
const SCREEN_TITLES: Record<string, string> = {
  dashboard: 'Dashboard',
  detail: 'Project Details',
  info: 'Additional Info',
  sampling: 'Sampling Parameters',
  rosters: 'Roster Upload',
  'roster-export': 'Roster Export',
  'survey-export': 'Survey Data Export',
  'surveyor-guidelines': 'Surveyor Guidelines',
  'questionnaire-viewer': 'Questionnaire Viewer',
  'escalation-detail': 'Escalation Details',
  'comment-cleaning': 'Comment Cleaning',
  'call-quality': 'Call Quality',
  'call-log-download': 'Call Log Download',
  'my-surveyors': 'Surveyor Details',
  'project-call': 'Project Call',
  'survey-call': 'Survey Call',
  projects: 'Project Details',
};

/** The name of the screen at `pathname` for the browser tab (WCAG 2.4.2): the navigation entry it is under, else
 * the screen's own name; undefined for a path outside the role's area. */
export function screenTitle(role: Role, pathname: string, env: string): string | undefined {
  if (pathname === '/my-profile') return 'My Profile';
  const entry = navFor(role, env).find((n) => pathname === n.path || pathname.startsWith(`${n.path}/`));
  if (entry) return entry.label;
  const { prefix } = ROLE_AREAS[role];
  if (!prefix || !pathname.startsWith(`${prefix}/`)) return undefined;
  const [first, second] = pathname.slice(prefix.length + 1).split('/');
  return first === 'projects' && second === 'add' ? 'Add Project' : SCREEN_TITLES[first];
}

/** Which remote serves which roles. */
export const REMOTE_OF: Partial<Record<Role, 'admin' | 'manager' | 'surveyor' | 'quality' | 'cleaner' | 'cimr'>> = {
  [Role.Admin]: 'admin',
  [Role.ProjectManager]: 'manager',
  [Role.Operations]: 'manager',
  [Role.Surveyor]: 'surveyor',
  [Role.CimrSurveyor]: 'surveyor',
  [Role.KellerSurveyor]: 'surveyor',
  [Role.Quality]: 'quality',
  [Role.CommentCleaner]: 'cleaner',
  [Role.CimrManager]: 'cimr',
};
