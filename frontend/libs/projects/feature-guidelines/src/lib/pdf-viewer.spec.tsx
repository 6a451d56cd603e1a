import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { PdfViewer } from './pdf-viewer';

// pdf.js draws on a canvas in a worker, which jsdom has not: the document stands in for react-pdf's, reporting
// loaded (with `pages`) or failing as the test says, and counting how often it was asked for.
const pdf = vi.hoisted(() => ({ pages: 3 as number | null, mounts: 0, widths: [] as number[] }));
vi.mock('react-pdf', async () => {
  const { useEffect } = await import('react');
  return {
    pdfjs: { GlobalWorkerOptions: {} },
    Document: ({ children, onLoadSuccess, error }: { children: ReactNode; onLoadSuccess: (d: { numPages: number }) => void; error: ReactNode }) => {
      useEffect(() => {
        pdf.mounts += 1;
        if (pdf.pages != null) onLoadSuccess({ numPages: pdf.pages });
      }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once per mount, as pdf.js reads a file once
      return <div>{pdf.pages == null ? error : children}</div>;
    },
    Page: ({ pageNumber, width }: { pageNumber: number; width: number }) => {
      pdf.widths.push(width);
      return <div data-testid="pdf-page">page {pageNumber}</div>;
    },
  };
});
vi.mock('@frontend/projects-data-access', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/projects-data-access')>()),
  usePdfUrl: () => ({ url: 'blob:http://localhost/2f6c', blob: new Blob(['%PDF-1.4']), error: null }),
}));

beforeEach(() => {
  pdf.pages = 3;
  pdf.mounts = 0;
  pdf.widths = [];
});

describe('PdfViewer', () => {
  it('shows every page under the file name, and Download saves the file under that name', () => {
    render(<PdfViewer path="/api/guidelines/4/file" title="Call script v2.pdf" />);
    expect(screen.getByRole('region', { name: 'Call script v2.pdf' })).toBeTruthy();
    expect(screen.getByText('Call script v2.pdf · 3 pages')).toBeTruthy();
    expect(screen.getAllByTestId('pdf-page').map((p) => p.textContent)).toEqual(['page 1', 'page 2', 'page 3']);
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download.getAttribute('download')).toBe('Call script v2.pdf');
    expect(download.getAttribute('href')).toBe('blob:http://localhost/2f6c');
  });

  it('zooms in and out in steps, within 50 % and 200 %', () => {
    render(<PdfViewer path="/api/guidelines/4/file" title="g.pdf" />);
    expect(screen.getByText('100%')).toBeTruthy();
    const before = pdf.widths.at(-1) ?? 0;
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByText('125%')).toBeTruthy();
    expect(pdf.widths.at(-1)).toBeGreaterThanOrEqual(before);
    for (let i = 0; i < 5; i += 1) fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(screen.getByText('50%')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Zoom out' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks for a document that failed again every 3 seconds, and stops once it has loaded', () => {
    vi.useFakeTimers();
    try {
      pdf.pages = null;
      render(<PdfViewer path="/api/guidelines/4/file" title="g.pdf" />);
      expect(screen.getByText(/This PDF could not be read; trying again every 3 seconds/)).toBeTruthy();
      expect(pdf.mounts).toBe(1);
      act(() => vi.advanceTimersByTime(3000));
      expect(pdf.mounts).toBe(2);
      pdf.pages = 1;
      act(() => vi.advanceTimersByTime(3000));
      expect(pdf.mounts).toBe(3);
      expect(screen.getByText('g.pdf · 1 page')).toBeTruthy();
      act(() => vi.advanceTimersByTime(9000));
      expect(pdf.mounts).toBe(3); // never asked for again
    } finally {
      vi.useRealTimers();
    }
  });
});
