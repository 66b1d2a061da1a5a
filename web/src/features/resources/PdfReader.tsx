import { useEffect, useRef, useState, type RefObject } from 'react';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, RenderTask, TextLayer } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { esLibrary } from '../../i18n/es-library.ts';
import { fill } from '../../ui/fill.ts';
import { Icon } from '../../ui/Icon.tsx';
import { libraryUrl, workerUrl } from './pdf-assets.ts';
import { FIT_WIDTH, ZOOM_STEPS, pageScale, zoomIn, zoomOut } from './pdf-zoom.ts';
import './pdf-reader.css';

type PdfJs = typeof PdfJsModule;

let pdfjsLoading: Promise<PdfJs> | null = null;

/** Loads pdf.js once per page life (a failure is not kept, so a retry can load it). */
function loadPdfJs(): Promise<PdfJs> {
  if (!pdfjsLoading) {
    const loading = (import(/* @vite-ignore */ libraryUrl) as Promise<PdfJs>).then((lib) => {
      lib.GlobalWorkerOptions.workerSrc = workerUrl;
      return lib;
    });
    pdfjsLoading = loading;
    loading.catch(() => {
      if (pdfjsLoading === loading) pdfjsLoading = null;
    });
  }
  return pdfjsLoading;
}

type Status = 'loading' | 'ready' | 'error';

/** Width of an element in CSS pixels, following its size. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const observer = new ResizeObserver((entries) => {
      const next = Math.floor(entries[0]?.contentRect.width ?? element.clientWidth);
      setWidth((current) => (Math.abs(current - next) > 1 ? next : current));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

type LoadedPdf = { lib: PdfJs; doc: PDFDocumentProxy };

/** The PDF at url, opened with pdf.js; setStatus hears when it is ready or failed. */
function usePdfDocument(url: string, setStatus: (status: Status) => void): LoadedPdf | null {
  const [pdf, setPdf] = useState<LoadedPdf | null>(null);
  useEffect(() => {
    let cancelled = false;
    let task: ReturnType<PdfJs['getDocument']> | null = null;
    loadPdfJs()
      .then((lib) => {
        if (cancelled) return;
        task = lib.getDocument({ url });
        return task.promise.then((doc) => {
          if (!cancelled) {
            setPdf({ lib, doc });
            setStatus('ready');
          }
        });
      })
      .catch(() => {
        if (!cancelled) setStatus('error');
      });
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [url, setStatus]);
  return pdf;
}

/**
 * One page of the PDF drawn into the page's box: the canvas at the zoom and the
 * viewport's width, the text layer over it. `rendered` is the last page drawn (0 before any).
 */
function usePageDrawing(pdf: LoadedPdf | null, pageNumber: number, zoom: number, width: number, setStatus: (status: Status) => void) {
  const [rendered, setRendered] = useState(0);
  const pageRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const box = pageRef.current;
    const text = textRef.current;
    if (!pdf || width === 0 || !canvas || !box || !text) return undefined;
    const { lib, doc } = pdf;
    let cancelled = false;
    let renderTask: RenderTask | null = null;
    let textLayer: TextLayer | null = null;

    const draw = async () => {
      const page = await doc.getPage(pageNumber);
      if (cancelled) return;
      const base = page.getViewport({ scale: 1 });
      const { scale, outputScale } = pageScale(base.width, base.height, width, zoom, window.devicePixelRatio);
      const viewport = page.getViewport({ scale });
      const cssWidth = Math.floor(viewport.width);
      const cssHeight = Math.floor(viewport.height);
      canvas.width = Math.floor(viewport.width * outputScale);
      canvas.height = Math.floor(viewport.height * outputScale);
      canvas.style.width = `${cssWidth}px`;
      canvas.style.height = `${cssHeight}px`;
      box.style.width = `${cssWidth}px`;
      box.style.height = `${cssHeight}px`;
      box.style.setProperty('--total-scale-factor', String(scale));
      renderTask = page.render({
        canvas,
        viewport,
        transform: outputScale === 1 ? undefined : [outputScale, 0, 0, outputScale, 0, 0],
      });
      await renderTask.promise;
      if (cancelled) return;
      text.replaceChildren();
      textLayer = new lib.TextLayer({ textContentSource: await page.getTextContent(), container: text, viewport });
      await textLayer.render();
      if (!cancelled) setRendered(pageNumber);
    };

    draw().catch((error: unknown) => {
      if (!cancelled && !(error instanceof lib.RenderingCancelledException)) setStatus('error');
    });
    return () => {
      cancelled = true;
      renderTask?.cancel();
      textLayer?.cancel();
    };
  }, [pdf, pageNumber, zoom, width, setStatus]);

  return { rendered, pageRef, canvasRef, textRef };
}

/**
 * A PDF read page by page with pdf.js (Android Chrome has no PDF viewer of its
 * own): the page is drawn on a canvas with a selectable text layer over it,
 * with previous/next and zoom.
 */
export function PdfReader({ url, title }: { url: string; title: string }) {
  const [status, setStatus] = useState<Status>('loading');
  const [pageNumber, setPageNumber] = useState(1);
  const [zoom, setZoom] = useState<number>(FIT_WIDTH);
  const viewportRef = useRef<HTMLDivElement>(null);
  const width = useWidth(viewportRef);
  const pdf = usePdfDocument(url, setStatus);
  const { rendered, pageRef, canvasRef, textRef } = usePageDrawing(pdf, pageNumber, zoom, width, setStatus);

  const t = esLibrary.pdf;
  const pages = pdf?.doc.numPages ?? 0;
  if (status === 'error') {
    return (
      <p className="pdf-reader__status" role="alert">
        {t.failed}
      </p>
    );
  }
  return (
    <section className="pdf-reader" aria-label={`${t.label}: ${title}`}>
      <div className="surface pdf-reader__toolbar">
        <button
          type="button"
          className="icon-button"
          aria-label={t.previous}
          disabled={pageNumber <= 1}
          onClick={() => setPageNumber((n) => Math.max(1, n - 1))}
        >
          <Icon name="prev" />
        </button>
        <span className="pdf-reader__page" aria-live="polite">
          {/* Empty while loading (the page's box says so): a longer text here would wrap the bar and move the page. */}
          {pages > 0 ? fill(t.page, { page: pageNumber, pages }) : null}
        </span>
        <button
          type="button"
          className="icon-button"
          aria-label={t.next}
          disabled={pageNumber >= pages}
          onClick={() => setPageNumber((n) => Math.min(pages, n + 1))}
        >
          <Icon name="next" />
        </button>
        <span className="pdf-reader__zoom">
          <button type="button" className="icon-button" aria-label={t.zoomOut} disabled={zoom <= (ZOOM_STEPS[0] ?? 0)} onClick={() => setZoom(zoomOut)}>
            <Icon name="minus" />
          </button>
          <button type="button" className="icon-button" aria-label={t.fitWidth} disabled={zoom === FIT_WIDTH} onClick={() => setZoom(FIT_WIDTH)}>
            <Icon name="fit" />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={t.zoomIn}
            disabled={zoom >= (ZOOM_STEPS[ZOOM_STEPS.length - 1] ?? Infinity)}
            onClick={() => setZoom(zoomIn)}
          >
            <Icon name="plus" />
          </button>
        </span>
      </div>
      <div className={rendered === 0 ? 'pdf-reader__viewport pdf-page-reserve' : 'pdf-reader__viewport'} ref={viewportRef}>
        {status === 'loading' && (
          <p className="pdf-reader__status" role="status">
            {t.loading}
          </p>
        )}
        <div className="pdf-reader__pagebox" ref={pageRef} data-testid="pdf-page" data-rendered={rendered || undefined}>
          <canvas ref={canvasRef} role="img" aria-label={fill(t.page, { page: pageNumber, pages: pages || 1 })} />
          <div className="textLayer" ref={textRef} />
        </div>
      </div>
    </section>
  );
}
