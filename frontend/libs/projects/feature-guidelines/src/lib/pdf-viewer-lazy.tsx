// pdf.js (react-pdf) is loaded only when a PDF is shown: the guidelines page without guidelines, and the call
// screen of a surveyor who has confirmed them, never download it.
import { lazy, Suspense, type ComponentProps } from 'react';
import { CircularProgress } from '@frontend/shared-ui';

const PdfViewer = lazy(() => import('./pdf-viewer').then((m) => ({ default: m.PdfViewer })));

export function PdfViewerLazy(props: ComponentProps<typeof PdfViewer>) {
  return (
    <Suspense fallback={<CircularProgress aria-label="Loading guidelines" />}>
      <PdfViewer {...props} />
    </Suspense>
  );
}
