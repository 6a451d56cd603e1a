// The guidelines PDF in a frame; the frame is reloaded every 3 s until it reports loaded (spec §9).
import { useEffect, useRef, useState } from 'react';
import { Box, CircularProgress, Typography } from '@frontend/shared-ui';
import { GUIDELINE_RELOAD_MS, usePdfUrl } from '@frontend/projects-data-access';

export function PdfFrame({ path, title, height = '75vh' }: { path: string; title: string; height?: string }) {
  const { url, error } = usePdfUrl(path);
  const [loaded, setLoaded] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a new file starts unloaded until its frame reports
    setLoaded(false);
    if (!url) return undefined;
    timer.current = setInterval(() => setAttempt((n) => n + 1), GUIDELINE_RELOAD_MS);
    return () => {
      if (timer.current) clearInterval(timer.current);
    };
  }, [url]);
  useEffect(() => {
    if (loaded && timer.current) clearInterval(timer.current);
  }, [loaded]);
  if (error) return <Typography color="error">{error}</Typography>;
  if (!url) return <CircularProgress aria-label="Loading guidelines" />;
  return (
    <Box sx={{ position: 'relative' }}>
      {!loaded && <CircularProgress size={24} sx={{ position: 'absolute', top: 8, right: 8 }} aria-label="Loading guidelines" />}
      <Box
        component="iframe"
        key={loaded ? 'done' : attempt}
        title={title}
        src={url}
        onLoad={() => setLoaded(true)}
        sx={{ width: '100%', height, border: 1, borderColor: 'divider' }}
      />
    </Box>
  );
}
