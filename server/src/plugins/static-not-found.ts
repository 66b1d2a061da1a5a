import { ERRORS } from '../errors.ts';
import { pageCspWithStyle } from '../http/page-policy.ts';

/** The page's one style: the portal's font, colours and card, so the page reads as the portal's. */
export const STATIC_NOT_FOUND_STYLE =
  'body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;margin:0;padding:16px;line-height:1.4;color:#1f2933;background:#f4f6f5}' +
  'main{max-width:480px;margin:10vh auto;padding:16px;border-radius:10px;background:#fff;box-shadow:0 1px 3px rgb(0 0 0 / 12%)}' +
  'h1{margin:0;color:#0f766e;font-size:2.5rem}a{color:#115e59;font-weight:600}';

/**
 * The answer for a file of the build that does not exist (a stale link to an
 * old hashed script, a mistyped image): a real 404 that any client reads,
 * curl and a script-less browser included, never the app shell with a 200
 * (a cache or a service worker would keep that HTML as the file). Plain
 * HTML without script or external file, so it needs nothing else to load;
 * its inline style is allowed by hash (STATIC_NOT_FOUND_CSP), as the page
 * policy allows no other.
 */
export const STATIC_NOT_FOUND_PAGE = `<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>404: This page could not be found</title>
<style>${STATIC_NOT_FOUND_STYLE}</style>
</head>
<body>
<main>
<h1>404</h1>
<p>This page could not be found</p>
<p>${ERRORS.ROUTE_NOT_FOUND.message}</p>
<p><a href="/menu">Volver al Menú</a></p>
</main>
</body>
</html>
`;

/** The page policy with STATIC_NOT_FOUND_PAGE's style allowed. */
export const STATIC_NOT_FOUND_CSP = pageCspWithStyle(STATIC_NOT_FOUND_STYLE);
