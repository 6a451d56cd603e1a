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

describe('COMMON_LANGUAGES', () => {
  it('suggests at least the twelve languages of spec §3, English and Spanish first, without duplicates', async () => {
    const { COMMON_LANGUAGES } = await import('./languages');
    expect(COMMON_LANGUAGES.slice(0, 2)).toEqual(['English', 'Spanish']);
    for (const name of ['Albanian', 'Arabic', 'Cantonese', 'Cape Verdean', 'Haitian Creole', 'Korean', 'Mandarin', 'Portuguese', 'Russian', 'Vietnamese']) {
      expect(COMMON_LANGUAGES).toContain(name);
    }
    expect(new Set(COMMON_LANGUAGES).size).toBe(COMMON_LANGUAGES.length);
  });
});
