/**
 * /zim-frame.js, the one script the kit adds to a library's pages: it tells
 * the reader page (the frame's parent) which article is shown (a read grant's
 * segment left out, read-grant.ts), so the address bar and the history follow
 * the reader. The page's origin is opaque
 * (the sandbox), so the message goes to the kit's origin by its URL; the
 * parent takes messages only from its own frame (web reader page).
 */
export const ZIM_FRAME_SCRIPT = `(function () {
  if (window.parent === window) return;
  var match = /^\\/zim\\/\\d+\\/(?:~[^\\/]*\\/)?(.*)$/.exec(location.pathname);
  if (!match) return;
  var path;
  try { path = decodeURIComponent(match[1]); } catch (e) { return; }
  window.parent.postMessage({ type: 'zim-article', path: path, title: document.title || '' }, location.origin);
})();
`;
