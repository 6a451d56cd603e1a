// Downloads a CSV that the server streams (the call log export), with the caller's token.
import { saveFile } from '@frontend/shared-util';

/** A refused download: the server's status and message. */
export class DownloadError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

export async function downloadFile(url: string, fileName: string, token: string | null): Promise<void> {
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'include' });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new DownloadError(res.status, body.message ?? res.statusText);
  }
  saveFile(fileName, await res.blob());
}

/** Query string of the defined values only. */
export function queryString(params: Record<string, string | number | boolean | null | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  return p.toString();
}
