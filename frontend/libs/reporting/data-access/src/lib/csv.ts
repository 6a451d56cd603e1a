// Client report exports are built in the browser from POST service-recoveries/report (spec §7): UTF-8 with a
// BOM, cells a spreadsheet would run as a formula (= + - @ tab CR) prefixed with an apostrophe.

export interface ReportRows {
  srKeys: string[];
  /** the column headings, one per key (a question by its title); the keys themselves when absent */
  headers?: string[];
  surveyData: Record<string, unknown>[];
}

export function reportCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV text (BOM first); throws "No Header Keys Selected" when the export has no header keys. */
export function reportCsv({ srKeys, headers, surveyData }: ReportRows): string {
  if (!srKeys.length) throw new Error('No Header Keys Selected');
  const heading = headers?.length === srKeys.length ? headers : srKeys;
  const lines = [heading.map(reportCell).join(','), ...surveyData.map((row) => srKeys.map((k) => reportCell(row[k])).join(','))];
  return `\ufeff${lines.join('\r\n')}\r\n`;
}

export function saveTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
