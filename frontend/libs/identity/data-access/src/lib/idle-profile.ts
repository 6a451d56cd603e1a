// Which idle countdown applies (spec §9): survey pages 90 s with the warning at 30; CIMR Surveyors 1800 s;
// everyone else 600 s with the warning at 60.
import { IDLE, Role } from '@frontend/shared-util';

/** Pages where a surveyor is on a call: the short countdown, whatever the role. */
const SURVEY_PAGE = /\/(survey-call|project-call)\//;

export function idleProfile(role: number, path: string): { wait: number; warnAt: number } {
  if (SURVEY_PAGE.test(path)) return IDLE.survey;
  if (role === Role.CimrSurveyor) return IDLE.cimrSurveyor;
  return IDLE.normal;
}
