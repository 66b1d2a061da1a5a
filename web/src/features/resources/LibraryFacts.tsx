import type { Library } from '@kit/contract';
import { RESOURCE_TYPES } from '@kit/contract/values';
import { useEffect, useState } from 'react';
import { getLibrary } from '../../api/library.ts';
import { esLibrary } from '../../i18n/es-library.ts';
import { fill } from '../../ui/fill.ts';
import { formatFileSize } from '../../ui/format.ts';

/** While the kit checks the file's bytes or indexes its articles, the page asks again this often to move the percentage. */
const CHECK_POLL_MS = 3000;

/** "spa" or "spa,eng" (ISO 639-3, as ZIM files say) in Spanish words where the browser knows them; the codes otherwise. */
function languageText(codes: string): string {
  if (typeof Intl.DisplayNames !== 'function') return codes;
  const names = new Intl.DisplayNames('es', { type: 'language' });
  return codes
    .split(',')
    .map((code) => {
      try {
        return names.of(code.trim()) ?? code;
      } catch {
        return code;
      }
    })
    .join(', ');
}

function checkText(check: Library['check']): string {
  const t = esLibrary.library;
  if (check.state === 'checking') return fill(t.checking, { percent: check.percent });
  if (check.state === 'ok') return t.ok;
  return check.reason ? fill(t.failed, { reason: check.reason }) : t.failedNoReason;
}

function indexText(index: Library['index']): string {
  const t = esLibrary.library;
  switch (index.state) {
    case 'waiting':
      return t.indexWaiting;
    case 'titles':
      return fill(t.indexTitles, { percent: index.percent });
    case 'text':
      return fill(t.indexText, { percent: index.percent });
    case 'done':
      return t.indexDone;
    case 'failed':
      return t.indexFailed;
  }
}

/** The kit is still working on the file: its check, or the search index that follows a passed check. */
const inProgress = (library: Library | null): boolean =>
  library !== null && (library.check.state === 'checking' || (library.check.state === 'ok' && ['waiting', 'titles', 'text'].includes(library.index.state)));

/** A «Biblioteca» resource's ZIM facts (language, counts, size), the progress of its checksum check and of its search index. */
export function LibraryFacts({ resourceId }: { resourceId: number }) {
  const t = esLibrary.library;
  const [library, setLibrary] = useState<Library | null>(null);
  const working = inProgress(library);

  useEffect(() => {
    const abort = new AbortController();
    const load = () => getLibrary(resourceId, abort.signal).then(setLibrary, () => undefined);
    void load();
    return () => abort.abort();
  }, [resourceId]);

  useEffect(() => {
    if (!working) return;
    const abort = new AbortController();
    const timer = setInterval(() => void getLibrary(resourceId, abort.signal).then(setLibrary, () => undefined), CHECK_POLL_MS);
    return () => {
      clearInterval(timer);
      abort.abort();
    };
  }, [resourceId, working]);

  if (!library) return null;
  return (
    <dl className="surface resource-details" aria-label={esLibrary.types[RESOURCE_TYPES.LIBRARY]} data-testid="library-facts">
      <Row label={t.language} value={languageText(library.language)} />
      <Row label={t.articles} value={library.articleCount === null ? '' : String(library.articleCount)} />
      <Row label={t.media} value={library.mediaCount === null ? '' : String(library.mediaCount)} />
      <Row label={t.date} value={library.date} />
      <Row label={t.size} value={formatFileSize(library.size)} />
      <div>
        <dt>{t.check}</dt>
        {/* The status role on a span: on the dd itself it would break the list for screen readers. */}
        <dd>
          <span role="status" data-testid="library-check">
            {checkText(library.check)}
          </span>
        </dd>
      </div>
      {library.check.state === 'ok' && (
        <div>
          <dt>{t.index}</dt>
          <dd>
            <span role="status" data-testid="library-index">
              {indexText(library.index)}
            </span>
          </dd>
        </div>
      )}
    </dl>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  if (value.trim() === '') return null;
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
