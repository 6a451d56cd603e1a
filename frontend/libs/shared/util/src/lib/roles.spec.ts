import { Role, homeOf, navFor } from './roles';
import { PASSWORD_RULES } from './rules';

describe('roles', () => {
  it('hides Call Quality outside development', () => {
    expect(navFor(Role.Operations, 'production').map((n) => n.label)).not.toContain('Call Quality');
    expect(navFor(Role.Operations, 'development').map((n) => n.label)).toContain('Call Quality');
    expect(navFor(Role.Finance, 'development')).toEqual([]);
  });
  it('knows the homes', () => {
    expect(homeOf(Role.CimrManager)).toBe('/cimr/all-surveyors');
    expect(homeOf(Role.CommentCleaner)).toBe('/cc/comment-cleaning-selection');
  });
  it('checks the password rules', () => {
    expect(PASSWORD_RULES.filter((r) => !r.test('abc')).map((r) => r.label)).toEqual(['At Least One Capital Letter', 'At Least One Number', 'At least 8 characters long']);
  });
});
