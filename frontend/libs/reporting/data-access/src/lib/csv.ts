// Client report exports are built in the browser from POST service-recoveries/report (spec §7), as every CSV the
// browser builds (shared-util csv: UTF-8 with a BOM, formula-like cells neutralised); the server's `format: "csv"`
// writes the same bytes.
import { csvText } from '@frontend/shared-util';

export interface ReportRows {
  srKeys: string[];
  /** the column headings, one per key (a question by its title); the keys themselves when absent */
  headers?: string[];
  surveyData: Record<string, unknown>[];
}

/** The CSV text (BOM first); throws "No Header Keys Selected" when the export has no header keys. */
export function reportCsv({ srKeys, headers, surveyData }: ReportRows): string {
  if (!srKeys.length) throw new Error('No Header Keys Selected');
  const heading = headers?.length === srKeys.length ? headers : srKeys;
  return csvText([heading, ...surveyData.map((row) => srKeys.map((k) => row[k]))]);
}
