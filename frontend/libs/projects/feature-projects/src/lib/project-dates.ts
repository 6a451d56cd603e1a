// Day arithmetic shared by the wizard and Project Details (kept apart so neither screen imports the other).

/** The ISO day `months` months after `isoDay`, on the same day of the month or that month's last day (31 Jan + 1 =
 * 28/29 Feb), as the projects service's add_months moves a deadline when the start changes. */
export function addMonths(isoDay: string, months: number): string {
  const [y, m, d] = isoDay.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last))).toISOString().slice(0, 10);
}
