// Suggestions for the Add New Language form (spec §2.6: "the name is typed freely or chosen from a list").
// This is a reference list of language names, not data: which languages the platform offers lives in the
// projects service (GET /api/language); a name picked here is only a suggestion, and any name can be typed.
// It is hard-coded because it changes with the world's languages, not with our data, and the page needs it
// before any call returns. It holds the spec's twelve (§3) plus the languages US patient surveys commonly need.
/** English's id (spec §3): the default language, which the server refuses to delete. */
export const ENGLISH_ID = 1;

export const COMMON_LANGUAGES = [
  'English', 'Spanish', 'Albanian', 'Amharic', 'Arabic', 'Armenian', 'Bengali', 'Bosnian', 'Burmese', 'Cantonese', 'Cape Verdean',
  'Farsi', 'French', 'German', 'Greek', 'Gujarati', 'Haitian Creole', 'Hindi', 'Hmong', 'Italian', 'Japanese', 'Khmer', 'Korean',
  'Lao', 'Mandarin', 'Nepali', 'Polish', 'Portuguese', 'Punjabi', 'Russian', 'Somali', 'Swahili', 'Tagalog', 'Thai', 'Tigrinya',
  'Ukrainian', 'Urdu', 'Vietnamese',
];

export interface LanguageOption { id: number; name: string }

/**
 * The options of a screen's language select for one project: the languages the project offers (the result of
 * GET /api/language?projectId=, platform.md §7, as its query hook gives it). If they cannot be loaded, `all` stands in (the spec has no message
 * for it, so none is shown); until they arrive only the current choice is listed. The current choice is always
 * listed, so the select never holds a value it cannot show (a patient's roster language the project lacks).
 */
export function offeredLanguages(
  project: { data?: { rows?: LanguageOption[] }; isError: boolean },
  all: LanguageOption[],
  current?: number | '',
): LanguageOption[] {
  const rows = project.isError ? all : project.data?.rows ?? [];
  if (current === undefined || current === '' || rows.some((l) => l.id === current)) return rows;
  const known = all.find((l) => l.id === current);
  return [...rows, known ?? { id: current, name: `Language ${current}` }];
}
