// How the reporting screens show figures (spec survey-work.md §9: "weekly percentage rounded to 2 decimals,
// average to 1"). The server sends rates as ratios with 4 decimals (0.3333) and averages with 1.

/** A ratio as a percentage with 2 decimals (0.3333 -> "33.33%"); a dash without one. */
export function percentText(ratio: number | string | null | undefined): string {
  return ratio == null || ratio === '' ? '—' : `${(Number(ratio) * 100).toFixed(2)}%`;
}

/** An average with 1 decimal (12.25 -> "12.3", 12 -> "12.0"). */
export function averageText(value: number | string | null | undefined): string {
  return value == null || value === '' ? '—' : Number(value).toFixed(1);
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** US dollars with 2 decimals and thousands separators (platform §9: currency USD with 2 decimals): 1119.66 ->
 * "$1,119.66"; `empty` without a value. */
export function dollarText(value: number | string | null | undefined, empty = ''): string {
  return value == null || value === '' ? empty : USD.format(Number(value));
}

/** A figure the server sends with 2 decimals, shown with both (0 -> "0.00", 0.5 -> "0.50"), so a column reads alike. */
export function twoPlacesText(value: number | string | null | undefined): string {
  return value == null || value === '' ? '—' : Number(value).toFixed(2);
}
