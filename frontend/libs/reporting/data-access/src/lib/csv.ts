// Client report exports: the server streams the CSV (POST service-recoveries/report with format "csv": UTF-8 with a
// BOM, formula-like cells neutralised, named survey-report-<timestamp>.csv) and the browser saves it as it comes. The
// rows as JSON (spec §7) made a year of a busy client's surveys ~44 MB of JSON held by the server and then the
// browser before the first byte of the file (docs/decisions.md, "client report export").
import { saveFile } from '@frontend/shared-util';

/** A refused download: the server's status and message ("No Data Found" is a 404). */
export class ReportDownloadError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

export interface ReportRange { id: number; from?: string | null; to?: string | null }

/** Fetch the export's CSV as the server streams it and save it under the server's file name. */
export async function downloadReportCsv(body: ReportRange, token: string | null | undefined): Promise<void> {
  const res = await fetch('/api/service-recoveries/report', {
    method: 'POST', credentials: 'include', body: JSON.stringify({ ...body, format: 'csv' }),
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!res.ok) {
    const failed = (await res.json().catch(() => ({}))) as { message?: string };
    throw new ReportDownloadError(res.status, failed.message ?? res.statusText);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'survey-report.csv';
  saveFile(name, await res.blob());
}
