// Values a list screen reads back from its address (a link's or its own): only what the screen would send itself
// is taken, anything else reads as unset.

/** A whole day (YYYY-MM-DD) or null. */
export function searchDay(params: URLSearchParams, key: string): string | null {
  const v = params.get(key);
  return v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null;
}

/** A positive id as the form keeps it (a string), or '' for none. */
export function searchId(params: URLSearchParams, key: string): string {
  const v = params.get(key);
  return v && /^[1-9]\d{0,14}$/.test(v) ? v : '';
}
