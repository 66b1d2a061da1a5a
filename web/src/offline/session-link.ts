/*
 * Who is signed in, as the outbox needs to know it. The session store
 * (session/session-store.ts, in every page's first download) links
 * itself here when it starts, so the outbox, loaded later, reads the session
 * without importing a feature.
 */
export interface SessionSource {
  /** the session once it is known (it may still be loading at start) */
  load(): Promise<{ loggedIn: boolean; userId: number | null }>;
  /** `expired`: the last session ended because the kit refused its token (its user's writes stay queued) */
  current(): { loggedIn: boolean; userId: number | null; expired: boolean };
  subscribe(listener: () => void): () => void;
}

let source: SessionSource | undefined;

export function linkSession(session: SessionSource): void {
  source = session;
}

/** The linked session; the app links it before anything can load the outbox. */
export function linkedSession(): SessionSource {
  if (!source) throw new Error('the session store is not linked (session/session-store.ts)');
  return source;
}
