import { useEffect } from 'react';
import { es } from '../i18n/es.ts';

/**
 * The title of the page shown now: its main heading (the first `h1`, or an
 * open dialog's heading where the page is a dialog), then the app's name.
 * The heading is what a page already says it is, so each page gets its own
 * title for tabs, history and screen readers with no second list of names
 * to keep in step (docs/ROUTES.md).
 */
export function pageTitle(root: ParentNode): string {
  const heading = root.querySelector('h1') ?? root.querySelector('[role="dialog"] h2, dialog[open] h2');
  const text = heading?.textContent?.replace(/\s+/g, ' ').trim();
  return text ? `${text} · ${es.app.name}` : es.app.name;
}

/** Keeps document.title in step with the page's heading as pages draw and change, once per frame at most. */
export function useDocumentTitle(): void {
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const title = pageTitle(document);
      if (document.title !== title) document.title = title;
    };
    const observer = new MutationObserver(() => {
      if (frame === 0) frame = requestAnimationFrame(update);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    update();
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
}
