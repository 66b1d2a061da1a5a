/** The outbox, downloaded on first use; loading it sends what is queued (outbox-flag.ts says when it is worth it). */
export const loadOutbox = () => import('./outbox-runtime.ts');
