import { Role, homeOf } from './roles';
import { loginFor, returnPath, roleMayOpen } from './return-path';

describe('returnPath', () => {
  it('leads back to a path of the role, with its query and fragment', () => {
    expect(returnPath('/ops/escalations?status=resolved&page=2#top', Role.Operations)).toBe('/ops/escalations?status=resolved&page=2#top');
    expect(returnPath('/admin/projects/7/view', Role.Admin)).toBe('/admin/projects/7/view');
    expect(returnPath('/my-profile', Role.Finance)).toBe('/my-profile');
  });
  it('goes home for no address, another role\'s address or a public one', () => {
    expect(returnPath(null, Role.Admin)).toBe(homeOf(Role.Admin));
    expect(returnPath('', Role.Admin)).toBe(homeOf(Role.Admin));
    expect(returnPath('/ops/my-projects', Role.ProjectManager)).toBe(homeOf(Role.ProjectManager));
    expect(returnPath('/admin-tools', Role.Admin)).toBe(homeOf(Role.Admin));
    expect(returnPath('/', Role.Surveyor)).toBe(homeOf(Role.Surveyor));
    expect(returnPath('/forgot-password', Role.Quality)).toBe(homeOf(Role.Quality));
  });
  it('never leads off the site', () => {
    for (const evil of [
      'https://evil.example/admin/x', '//evil.example/admin/x', '/\\evil.example/admin/x', '\\\\evil.example',
      '/\t/evil.example', 'data:text/html,x', ' /admin/languages', 'admin/languages',
    ]) expect(returnPath(evil, Role.Admin)).toBe(homeOf(Role.Admin));
  });
});

describe('roleMayOpen / loginFor', () => {
  it('knows each area and My Profile', () => {
    expect(roleMayOpen(Role.CimrSurveyor, '/ccs/my-projects')).toBe(true);
    expect(roleMayOpen(Role.CimrSurveyor, '/cimr/all-surveyors')).toBe(false);
    expect(roleMayOpen(Role.Finance, '/admin/languages')).toBe(false);
  });
  it('puts the address in the login page\'s query', () => {
    expect(loginFor('/qa/call-log?page=2')).toBe('/?next=%2Fqa%2Fcall-log%3Fpage%3D2');
    expect(loginFor('/')).toBe('/');
  });
});
