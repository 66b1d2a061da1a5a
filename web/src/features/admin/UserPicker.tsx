import type { User } from '@kit/contract';
import { useEffect, useId, useState } from 'react';
import { getUser } from '../../api/account-reads.ts';
import { getUsers } from '../../api/admin.ts';
import { esAdmin } from '../../i18n/es-admin.ts';
import './user-picker.css';

const t = esAdmin.picker;
const SEARCH_DELAY_MS = 300;

type Picked = Pick<User, 'id' | 'user_name' | 'name' | 'last_name'>;
const label = (user: Picked) => `${user.name} ${user.last_name} (@${user.user_name})`;

/**
 * Chooses users by name instead of typing ids: a search through the admin
 * users list, and the chosen ones as chips with a remove button each.
 */
export function UserPicker({ legend, value, onChange }: { legend: string; value: readonly number[]; onChange: (ids: number[]) => void }) {
  const [known, setKnown] = useState<ReadonlyMap<number, Picked>>(new Map());
  const [query, setQuery] = useState('');
  const [answer, setAnswer] = useState<{ q: string; users: Picked[] } | null>(null);
  const resultsId = useId();

  // Names of ids chosen before (the settings hold ids only).
  useEffect(() => {
    const missing = value.filter((id) => !known.has(id));
    if (missing.length === 0) return;
    const ctrl = new AbortController();
    void Promise.all(missing.map((id) => getUser(id, ctrl.signal).catch(() => null))).then((users) => {
      if (ctrl.signal.aborted) return;
      setKnown((before) => new Map([...before, ...users.filter((u): u is User => u !== null).map((u) => [u.id, u] as const)]));
    });
    return () => ctrl.abort();
  }, [value, known]);

  useEffect(() => {
    const q = query.trim();
    if (!q) return;
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      getUsers(1, q, ctrl.signal).then(
        (page) => setAnswer({ q, users: page.data }),
        () => undefined,
      );
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [query]);

  // Only the answer to what the box says now (none while it is empty).
  const found = answer && answer.q === query.trim() ? answer.users : null;

  const add = (user: Picked) => {
    setKnown((before) => new Map(before).set(user.id, user));
    if (!value.includes(user.id)) onChange([...value, user.id]);
    setQuery('');
  };

  return (
    <fieldset className="user-picker">
      <legend>{legend}</legend>
      {value.length === 0 ? (
        <p className="user-picker__none">{t.none}</p>
      ) : (
        <ul className="user-picker__chips" aria-label={t.chosen}>
          {value.map((id) => {
            const user = known.get(id);
            const name = user ? label(user) : `#${id}`;
            return (
              <li key={id} className="user-picker__chip">
                {name}
                <button type="button" className="icon-button user-picker__remove" aria-label={t.remove(name)} onClick={() => onChange(value.filter((other) => other !== id))}>
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <label>
        {t.search}
        <input type="search" className="input" value={query} onChange={(e) => setQuery(e.target.value)} aria-controls={resultsId} autoComplete="off" />
      </label>
      <ul id={resultsId} className="user-picker__results" aria-label={t.results}>
        {found?.length === 0 && <li>{t.noResults}</li>}
        {found?.map((user) => (
          <li key={user.id}>
            <button type="button" className="button button--light" disabled={value.includes(user.id)} onClick={() => add(user)}>
              {t.add(label(user))}
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
