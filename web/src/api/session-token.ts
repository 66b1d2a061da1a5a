/**
 * The bearer token of the signed-in session, kept in memory only (the server
 * also keeps it in an HttpOnly cookie). The auth feature sets it on login and
 * clears it on logout; the API client reads it for every call.
 */
let sessionToken: string | null = null;

export function getSessionToken(): string | null {
  return sessionToken;
}

export function setSessionToken(token: string | null): void {
  sessionToken = token;
}
