// A PDF from the API (the file route needs the bearer token, which a link cannot send): the file itself, for
// pdf.js to read in memory (the page's Content Security Policy lets no one fetch a blob: link), and an object URL of
// it for Download.
import { useEffect, useState } from 'react';
import { useAppSelector } from '@frontend/shared-api';

export function usePdfUrl(path: string | null | undefined) {
  const token = useAppSelector((s) => s.auth.token);
  const [file, setFile] = useState<{ url: string; blob: Blob } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!path) return undefined;
    let objectUrl: string | null = null;
    let cancelled = false;
    fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'include' })
      .then(async (r) => {
        if (!r.ok) throw new Error(((await r.json().catch(() => ({}))) as { message?: string }).message ?? r.statusText);
        return r.blob();
      })
      .then((b) => {
        if (cancelled) return;
        const blob = new Blob([b], { type: 'application/pdf' });
        objectUrl = URL.createObjectURL(blob);
        setFile({ url: objectUrl, blob });
      })
      .catch((e: Error) => !cancelled && setError(e.message));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setFile(null);
    };
  }, [path, token]);
  return { url: file?.url ?? null, blob: file?.blob ?? null, error };
}
