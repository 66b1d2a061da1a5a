import { ERRORS } from '../errors.ts';

/**
 * The answer for a file of the build that does not exist (a stale link to an
 * old hashed script, a mistyped image): a real 404 that any client reads,
 * curl and a script-less browser included, never the app shell with a 200
 * (a cache or a service worker would keep that HTML as the file). Plain
 * HTML without script or external style, so it needs nothing else to load.
 */
export const STATIC_NOT_FOUND_PAGE = `<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>404: This page could not be found</title>
<style>body{font-family:sans-serif;margin:16px;line-height:1.4;color:#1f2933}a{color:#0f766e}</style>
</head>
<body>
<h1>404</h1>
<p>This page could not be found</p>
<p>${ERRORS.ROUTE_NOT_FOUND.message}</p>
<p><a href="/menu">Volver al Menú</a></p>
</body>
</html>
`;
