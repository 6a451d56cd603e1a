import { IDLE, Role } from '@frontend/shared-util';
import { idleProfile } from './idle-profile';

describe('IDLE (spec §9)', () => {
  it('holds the spec values', () => {
    expect(IDLE.normal).toEqual({ wait: 600, warnAt: 60 });
    expect(IDLE.survey).toEqual({ wait: 90, warnAt: 30 });
    expect(IDLE.cimrSurveyor.wait).toBe(1800);
  });
});

describe('idleProfile', () => {
  it('gives normal users 600 s with the warning at 60', () => {
    for (const role of [Role.Admin, Role.ProjectManager, Role.Operations, Role.Surveyor, Role.Quality, Role.Finance, Role.CommentCleaner, Role.CimrManager, Role.KellerSurveyor]) {
      expect(idleProfile(role, '/anything/my-projects')).toEqual({ wait: 600, warnAt: 60 });
    }
    expect(idleProfile(Role.Admin, '/admin/account-management')).toEqual({ wait: 600, warnAt: 60 });
    expect(idleProfile(Role.Surveyor, '/my-profile')).toEqual({ wait: 600, warnAt: 60 });
  });

  it('gives a CIMR Surveyor 1800 s outside survey pages', () => {
    expect(idleProfile(Role.CimrSurveyor, '/ccs/my-projects').wait).toBe(1800);
    expect(idleProfile(Role.CimrSurveyor, '/my-profile').wait).toBe(1800);
  });

  it('gives survey pages 90 s with the warning at 30, for every surveyor role', () => {
    expect(idleProfile(Role.Surveyor, '/surveyor/survey-call/12')).toEqual({ wait: 90, warnAt: 30 });
    expect(idleProfile(Role.Surveyor, '/surveyor/project-call/7')).toEqual({ wait: 90, warnAt: 30 });
    expect(idleProfile(Role.CimrSurveyor, '/ccs/survey-call/3')).toEqual({ wait: 90, warnAt: 30 });
    expect(idleProfile(Role.KellerSurveyor, '/keller/survey-call/3')).toEqual({ wait: 90, warnAt: 30 });
  });

  it('does not take a list page for a survey page', () => {
    expect(idleProfile(Role.Surveyor, '/surveyor/my-projects/12')).toEqual({ wait: 600, warnAt: 60 });
    expect(idleProfile(Role.Surveyor, '/surveyor/survey-call')).toEqual({ wait: 600, warnAt: 60 });
  });
});
