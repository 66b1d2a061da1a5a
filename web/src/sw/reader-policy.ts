/** The reader's addresses, /resource/{id}/read/{path}. */
const READER_PATH = /^\/resource\/\d+\/read\//;

/**
 * The app shell as the reader's page gets it: a saved article
 * (SavedArticleFrame) is shown in a srcdoc frame, which takes the page's
 * policy, and the copy carries its styles inline (the kit inlines the
 * article's stylesheets into <style>). Those are allowed on this page only;
 * scripts stay as strict as everywhere (and the frame's sandbox runs none).
 */
export function shellForPath(pathname: string, shell: Response): Response {
  const policy = shell.headers.get('content-security-policy');
  if (!READER_PATH.test(pathname) || policy === null || !policy.includes("style-src 'self'")) return shell;
  const headers = new Headers(shell.headers);
  headers.set('content-security-policy', policy.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"));
  return new Response(shell.body, { status: shell.status, statusText: shell.statusText, headers });
}
