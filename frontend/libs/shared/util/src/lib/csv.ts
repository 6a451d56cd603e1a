// The CSV files the browser builds (the called-roster export, the client report, the PHI access audit), one way:
// UTF-8 with a byte-order mark (survey-work.md §9), CRLF line ends, a cell quoted when it holds a comma, a quote
// or a line break (CR alone too: spreadsheets end a row there), and a cell a spreadsheet would run as a formula
// (starting with = + - @ tab or CR) prefixed with an apostrophe, as the servers' exports are (CSV injection).

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: null and undefined are empty. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The file's text: the BOM, then each row on its own CRLF-ended line. */
export function csvText(rows: readonly (readonly unknown[])[]): string {
  return `\ufeff${rows.map((r) => `${r.map(csvCell).join(',')}\r\n`).join('')}`;
}

/** Saves text (or a blob) under a file name through a temporary link. */
export function saveFile(fileName: string, body: string | Blob, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(typeof body === 'string' ? new Blob([body], { type }) : body);
  const a = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
