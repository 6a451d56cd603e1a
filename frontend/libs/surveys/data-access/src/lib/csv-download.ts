import { saveFile } from '@frontend/shared-util';

export class DownloadError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/** Fetch a CSV the server streams and save it; a failure rejects with the server's status and message. */
export async function downloadCsv(url: string, token: string | null, fallbackName: string): Promise<void> {
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'include' });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new DownloadError(res.status, body.message ?? res.statusText);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  saveFile(name, await res.blob());
}
