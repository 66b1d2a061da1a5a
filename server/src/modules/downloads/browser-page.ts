import type { Package } from '@kit/contract';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function size(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${mb.toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
}

/** The page's one inline style, allowed by its hash in the page's CSP (browser-page.routes.ts). */
export const BROWSER_PAGE_STYLE =
  'body{font-family:sans-serif;margin:16px;line-height:1.4;color:#1f2933}h1{font-size:1.3em}li{margin:0 0 16px}a{display:inline-block;margin-top:6px;padding:10px 16px;background:#0f766e;color:#fff;text-decoration:none;border-radius:8px}';

/**
 * /extra/download-browser for a browser too old to run the app (SPEC §5):
 * plain HTML, no script, inline styles, the same list the app's page shows.
 * Such a browser cannot run the PWA at all, so this is the page it gets.
 */
export function renderBrowserPage(packages: readonly Package[]): string {
  const items = packages
    .map(
      (p) => `<li><strong>${escapeHtml(`${p.name} ${p.version}`.trim())}</strong>${p.notes ? `<br>${escapeHtml(p.notes)}` : ''}<br>
<a href="${escapeHtml(p.downloadUrl)}">Descargar (${size(p.size)})</a></li>`,
    )
    .join('\n');
  return `<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tu navegador es muy antiguo</title>
<style>${BROWSER_PAGE_STYLE}</style>
</head>
<body>
<h1>Tu navegador es muy antiguo</h1>
<p>Tu teléfono o computadora tiene un navegador muy antiguo y el portal no funciona en él. Descarga aquí un navegador más reciente, sin usar internet.</p>
${packages.length > 0 ? `<ul>\n${items}\n</ul>` : '<p>Todavía no hay navegadores para descargar en este kit. Pide ayuda al encargado del kit.</p>'}
<p>Después de instalarlo, abre el nuevo navegador y escribe la dirección del portal.</p>
</body>
</html>
`;
}
