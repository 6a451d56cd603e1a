// A PDF from the API as an object URL (the file route needs the bearer token, an <iframe src> cannot send it).
import { useEffect, useState } from 'react';
import { useAppSelector } from '@frontend/shared-api';

export function usePdfUrl(path: string | null | undefined) {
  const token = useAppSelector((s) => s.auth.token);
  const [url, setUrl] = useState<string | null>(null);
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
        objectUrl = URL.createObjectURL(new Blob([b], { type: 'application/pdf' }));
        setUrl(objectUrl);
      })
      .catch((e: Error) => !cancelled && setError(e.message));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [path, token]);
  return { url, error };
}
