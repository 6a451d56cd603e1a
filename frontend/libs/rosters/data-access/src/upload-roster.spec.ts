import { vi } from 'vitest';
import { alertFor } from '@frontend/shared-api';
import { uploadRoster } from './index';

// A fake XMLHttpRequest whose upload the test ends with a network failure (the connection dropped mid-upload).
class DroppedUpload {
  static last: DroppedUpload;
  upload = { onprogress: null as ((e: ProgressEvent) => void) | null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  withCredentials = false;
  constructor() { DroppedUpload.last = this; }
  open() { /* nothing to open */ }
  setRequestHeader() { /* no headers kept */ }
  send() { this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 } as ProgressEvent); this.onerror?.(); }
}

it('a connection dropped mid-upload says nothing was saved and to send the file again, not that it will resubmit', async () => {
  vi.stubGlobal('XMLHttpRequest', DroppedUpload);
  const progress: number[] = [];
  const error = await uploadRoster(7, new File(['a'], 'roster.csv'), 't', (p) => progress.push(p)).catch((e) => e);
  vi.unstubAllGlobals();
  expect(progress).toEqual([40]);
  const alert = alertFor(error.status, error.message);
  expect(alert.kind).toBe('error'); // the offline alert promises an automatic resubmit: an upload is not resent
  expect(alert.text).toMatch(/^The roster did not reach the server .*nothing of it was saved; drop the file again/);
});
