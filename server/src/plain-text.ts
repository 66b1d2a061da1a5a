/* eslint-disable no-control-regex -- these patterns exist to find control characters */

/** Every C0 control character and DEL. */
const CONTROLS = /[\u0000-\u001f\u007f]/g;
/** The same, sparing line feed and tab. */
const CONTROLS_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/**
 * Text people typed, as it is stored: line ends unified to \n, control
 * characters dropped (a multiline text keeps its line breaks and tabs; a
 * one-line text gets a space for each), trimmed. It stays plain text: the
 * web renders it as text, never as HTML.
 */
export function plainText(raw: string, multiline: boolean): string {
  const unified = raw.replace(/\r\n?/g, '\n');
  return (multiline ? unified.replace(CONTROLS_BUT_LINES, '') : unified.replace(CONTROLS, ' ')).trim();
}

/** Removes control characters without trimming (file names). */
export function withoutControls(raw: string): string {
  return raw.replace(CONTROLS, '');
}
