// The guidelines PDF, drawn by pdf.js (react-pdf) rather than the browser's own viewer: the same pages, text
// layer and zoom in every browser (the browser's viewer is missing in some, and showed the blob link's id as
// the file's name), with the file's own name and a Download that saves it under that name. Until the document
// has loaded it is asked for again every 3 s (spec §9: the viewer reloads its frame every 3 seconds).
import { useEffect, useRef, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/TextLayer.css';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import {
  Box, Button, CircularProgress, DownloadIcon, IconButton, Stack, Tooltip, Typography, ZoomInIcon, ZoomOutIcon,
} from '@frontend/shared-ui';
import { GUIDELINE_RELOAD_MS, usePdfUrl } from '@frontend/projects-data-access';

// pdf.js reads the file in a worker of its own, built with the remote (rspack bundles `new Worker(new URL(...))`
// as a worker chunk beside it); set here, in the module that renders the document (react-pdf's own advice).
if (typeof Worker !== 'undefined' && !pdfjs.GlobalWorkerOptions.workerPort) {
  pdfjs.GlobalWorkerOptions.workerPort = new Worker(new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url), { type: 'module' });
}

export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2];

/** The width pages are drawn at: the box's own width, followed as the window changes. */
function useWidth() {
  const ref = useRef<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const seen = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    seen.observe(el);
    return () => seen.disconnect();
  }, []);
  return [ref, width] as const;
}

export function PdfViewer({ path, title, height = '75vh' }: { path: string; title: string; height?: string }) {
  const { url, blob, error } = usePdfUrl(path);
  // the page count of the file pdf.js has read; a new file (url) starts unread
  const [read, setRead] = useState<{ url: string; pages: number } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [zoom, setZoom] = useState(2); // index into ZOOM_STEPS: fit the width
  const [box, width] = useWidth();
  const pages = read && read.url === url ? read.pages : null;
  const loaded = pages != null;
  useEffect(() => {
    if (!url || loaded) return undefined;
    const retry = setInterval(() => setAttempt((n) => n + 1), GUIDELINE_RELOAD_MS);
    return () => clearInterval(retry);
  }, [url, loaded]);
  if (error) return <Typography color="error">{error}</Typography>;
  const scale = ZOOM_STEPS[zoom];
  return (
    <Box role="region" aria-label={title}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
          {title}{pages != null && ` · ${pages} ${pages === 1 ? 'page' : 'pages'}`}
        </Typography>
        <Tooltip title="Zoom out">
          <span><IconButton aria-label="Zoom out" size="small" disabled={zoom === 0} onClick={() => setZoom(zoom - 1)}><ZoomOutIcon /></IconButton></span>
        </Tooltip>
        <Typography variant="body2" aria-live="polite" sx={{ minWidth: 44, textAlign: 'center' }}>{Math.round(scale * 100)}%</Typography>
        <Tooltip title="Zoom in">
          <span><IconButton aria-label="Zoom in" size="small" disabled={zoom === ZOOM_STEPS.length - 1} onClick={() => setZoom(zoom + 1)}><ZoomInIcon /></IconButton></span>
        </Tooltip>
        <Button size="small" startIcon={<DownloadIcon />} disabled={!url} href={url ?? ''} download={title}>Download</Button>
      </Stack>
      <Box ref={box} sx={{ height, overflow: 'auto', border: 1, borderColor: 'divider', bgcolor: 'grey.100' }}>
        {!url || !blob ? <CircularProgress aria-label="Loading guidelines" sx={{ m: 2 }} /> : (
          <Document
            key={attempt}
            suspense={false} // its loading and error views below, not the page's error boundary
            file={blob}
            onLoadSuccess={(doc) => setRead({ url, pages: doc.numPages })}
            loading={<CircularProgress aria-label="Loading guidelines" sx={{ m: 2 }} />}
            error={<Typography color="error" sx={{ m: 2 }}>This PDF could not be read; trying again every 3 seconds. If this stays, upload the file again.</Typography>}
            noData={<Typography sx={{ m: 2 }}>No guidelines uploaded yet.</Typography>}
          >
            {pages === 0 && <Typography sx={{ m: 2 }}>This PDF has no pages.</Typography>}
            {Array.from({ length: pages ?? 0 }, (_, i) => (
              <Box key={i} sx={{ my: 1, display: 'flex', justifyContent: 'center' }}>
                <Page pageNumber={i + 1} width={Math.max(200, (width - 24) * scale)} />
              </Box>
            ))}
          </Document>
        )}
      </Box>
    </Box>
  );
}
