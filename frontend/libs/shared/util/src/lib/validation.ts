// The length rule of free text, beside the field (no zod here: shared-util is on the login page; schemas are in
// shared-forms).

/** Text longer than the server keeps: said beside the field (never cut by the browser's maxLength, which loses
 * pasted text silently); null when it fits. */
export const tooLongText = (text: string, max: number): string | null =>
  text.trim().length > max ? `At most ${max} characters (${text.trim().length} typed)` : null;

/** A text field's `error` and `helperText` for that length rule. */
export const lengthProps = (text: string, max: number) => {
  const message = tooLongText(text, max);
  return { error: message !== null, helperText: message ?? undefined };
};
