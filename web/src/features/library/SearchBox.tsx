import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { esLibrary } from '../../i18n/es-library.ts';
import { searchHref } from './search-state.ts';
import { Icon } from '../../ui/Icon.tsx';

/**
 * docs/PRODUCT.md#library-header header search: Enter goes to /search?q=…, only when there is
 * something to search for. Remount it with a new `initial` (its key) when the
 * page's query changes.
 */
export function SearchBox({ initial = '' }: { initial?: string }) {
  const [text, setText] = useState(initial);
  const navigate = useNavigate();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = text.trim();
    if (query === '') return;
    // Close the phone's keyboard so the results are in view.
    (document.activeElement as HTMLElement | null)?.blur();
    void navigate(searchHref('all', { query }));
  };

  return (
    <form role="search" className="search-box" onSubmit={submit} aria-label={esLibrary.header.searchLabel}>
      <input
        type="search"
        name="q"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={esLibrary.header.searchPlaceholder}
        aria-label={esLibrary.header.searchLabel}
        enterKeyHint="search"
        autoComplete="off"
        maxLength={200}
      />
      <button type="submit" className="search-box__submit" aria-label={esLibrary.header.search}>
        <Icon name="search" size={20} />
      </button>
    </form>
  );
}
