// The rosters context's calls with their cache tags: a change to rosters or sampling refreshes what shows them.
import { rostersGenerated } from '@frontend/shared-api';
import { csvText, saveFile } from '@frontend/shared-util';

export type RosterRead = rostersGenerated.RosterRead;
export type RosterPreview = rostersGenerated.RosterPreview;
export type SamplingRead = rostersGenerated.SamplingRead;
export type SamplingParameterRead = rostersGenerated.SamplingParameterRead;
export type LanguageSamplingRead = rostersGenerated.LanguageSamplingRead;
export type ProviderRow = rostersGenerated.ProviderRow;
export type CalledRow = rostersGenerated.CalledRow;

const SAMPLING = [{ type: 'Sampling' as const, id: 'LIST' as const }];
const ROSTERS = [{ type: 'Roster' as const, id: 'LIST' as const }];

export const rosters = rostersGenerated.rostersApi.enhanceEndpoints({
  addTagTypes: ['Roster', 'Sampling'],
  endpoints: {
    rostersListRosters: { providesTags: ROSTERS },
    rostersUndoRoster: { invalidatesTags: [...ROSTERS, ...SAMPLING] },
    rostersDeleteRoster: { invalidatesTags: [...ROSTERS, ...SAMPLING] },
    rostersGetSampling: { providesTags: SAMPLING },
    rostersListSamplingProviders: { providesTags: SAMPLING },
    rostersUpdateSampling: { invalidatesTags: SAMPLING },
    rostersAddSamplingParameter: { invalidatesTags: SAMPLING },
    rostersDeleteSamplingParameter: { invalidatesTags: SAMPLING },
    rostersUpdateSamplingProviders: { invalidatesTags: SAMPLING },
    rostersSamplingOperations: { invalidatesTags: [...ROSTERS, ...SAMPLING] },
    rostersUpdateLanguageSampling: { invalidatesTags: SAMPLING },
  },
});

export const {
  useRostersListRostersQuery, useRostersUndoRosterMutation, useRostersDeleteRosterMutation, useRostersGetSamplingQuery,
  useRostersListSamplingProvidersQuery, useRostersUpdateSamplingMutation, useRostersAddSamplingParameterMutation,
  useRostersDeleteSamplingParameterMutation, useRostersUpdateSamplingProvidersMutation, useRostersSamplingOperationsMutation,
  useRostersUpdateLanguageSamplingMutation, useLazyRostersCalledRosterExportQuery,
} = rosters;

/** Roster statuses (survey-work.md §3). */
export const ROSTER_STATUS = { READY: 1, PROCESSING: 2, ERRORED: 3, REMOVED: 4 } as const;
export const ROSTER_STATUS_NAMES: Record<number, string> = { 1: 'Ready', 2: 'Processing', 3: 'Errored', 4: 'Removed' };
/** Sampling parameter types and language sampling modes. */
export const PARAMETER_TYPES: Record<number, string> = { 0: 'Provider', 1: 'Site', 2: 'Department', 999: 'Language' };
export const LANGUAGE_MODES: Record<number, string> = { 1: 'Open', 2: "Don't", 3: 'Set' };
export const SAMPLING_PAGE_SIZE = 50;

/** POST /api/roster/{projectId} with upload progress (fetch has none); resolves with the parsed JSON body. */
export function uploadRoster(projectId: number, file: File, token: string | null,
                             onProgress: (percent: number) => void): Promise<{ message: string; data: RosterPreview }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/roster/${projectId}`);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((100 * e.loaded) / e.total));
    xhr.onload = () => {
      let body: { message?: string; data?: RosterPreview } = {};
      try { body = JSON.parse(xhr.responseText); } catch { /* not JSON */ }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as { message: string; data: RosterPreview });
      else reject(Object.assign(new Error(body.message ?? xhr.statusText), { status: xhr.status }));
    };
    // Not worded as "offline": that alert promises an automatic resubmit, and an upload is not sent again.
    xhr.onerror = () => reject(Object.assign(new Error('The roster did not reach the server (the connection failed): '
      + 'nothing of it was saved; drop the file again once the connection is back.'), { status: 0 }));
    const form = new FormData();
    form.append('file', file);
    form.append('onlyParse', 'true');
    xhr.send(form);
  });
}

/** Download rows as a CSV (shared-util csv: a UTF-8 BOM, formula-like cells neutralised, CRLF lines). */
export function downloadCsv(fileName: string, header: string[], rows: unknown[][]): void {
  saveFile(fileName, csvText([header, ...rows]));
}
