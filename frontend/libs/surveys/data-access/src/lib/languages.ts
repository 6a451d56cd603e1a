/** The twelve survey languages (ids shared by every service); English is the fallback. */
export const ENGLISH = 1;
export const SURVEY_LANGUAGES: { id: number; name: string }[] = [
  { id: 1, name: 'English' }, { id: 2, name: 'Spanish' }, { id: 3, name: 'Albanian' }, { id: 4, name: 'Arabic' },
  { id: 5, name: 'Cantonese' }, { id: 6, name: 'Cape Verdean' }, { id: 7, name: 'Haitian Creole' },
  { id: 8, name: 'Korean' }, { id: 9, name: 'Mandarin' }, { id: 10, name: 'Portuguese' }, { id: 11, name: 'Russian' },
  { id: 12, name: 'Vietnamese' },
];
export const languageName = (id: number) => SURVEY_LANGUAGES.find((l) => l.id === id)?.name ?? `Language ${id}`;

/** Answer types of a questionnaire item. */
export const ANSWER_TYPES = [
  { id: 1, name: 'Single' }, { id: 2, name: 'Multiple' }, { id: 3, name: 'Open Ended' }, { id: 4, name: 'Scripted' },
] as const;
export const CHOICE_TYPES = [1, 2];

// Scripts written right to left (Arabic, Hebrew, Syriac, Thaana, N'Ko and their presentation forms).
const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/** The direction a text reads in, by its first letter (as the browser's dir="auto" decides): 'rtl' for Arabic,
 * 'ltr' for Latin, Cyrillic, Han, Hangul and text without letters. The questionnaire lays a whole question
 * (its answers too) out in its text's direction. */
export function textDirection(text: string | null | undefined): 'rtl' | 'ltr' {
  const first = (text ?? '').match(/\p{L}/u)?.[0];
  return first !== undefined && RTL_LETTER.test(first) ? 'rtl' : 'ltr';
}
