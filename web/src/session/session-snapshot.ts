import type { SessionUser } from '@kit/contract';

/*
 * A snapshot of who is logged in (never the token), kept in the browser so
 * the guards still know the user when the kit cannot be reached.
 */

const SNAPSHOT_KEY = 'kp_session_user';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function saveSessionSnapshot(user: SessionUser | null): void {
  try {
    if (user) storage()?.setItem(SNAPSHOT_KEY, JSON.stringify(user));
    else storage()?.removeItem(SNAPSHOT_KEY);
  } catch {
    // storage full or disabled: the snapshot is only a convenience offline
  }
}

export function readSessionSnapshot(): SessionUser | null {
  try {
    const raw = storage()?.getItem(SNAPSHOT_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<SessionUser>;
    if (typeof value.id !== 'number' || typeof value.user_name !== 'string') return null;
    return {
      id: value.id,
      user_name: value.user_name,
      is_admin: value.is_admin === true,
      roleId: Number(value.roleId ?? 0),
      FullImageUrl: typeof value.FullImageUrl === 'string' ? value.FullImageUrl : null,
    };
  } catch {
    return null;
  }
}
