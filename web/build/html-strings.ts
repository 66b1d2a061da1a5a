import type { Plugin } from 'vite';

/** Reads `a.b.c` from a nested object of strings; undefined when it is not a string. */
function lookup(strings: object, key: string): string | undefined {
  let value: unknown = strings;
  for (const part of key.split('.')) {
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
  }
  return typeof value === 'string' ? value : undefined;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Replaces every `%es.key.path%` in `html` with that string; an unknown key is an error. */
export function fillHtmlStrings(html: string, strings: object): string {
  return html.replace(/%es\.([\w.]+)%/g, (_, key: string) => {
    const text = lookup(strings, key);
    if (text === undefined) throw new Error(`index.html asks for es.${key}, which src/i18n/es.ts does not have`);
    return escapeHtml(text);
  });
}

/** Vite plugin: index.html takes its texts from src/i18n/es.ts like the rest of the app. */
export function htmlStrings(strings: object): Plugin {
  return {
    name: 'kit:html-strings',
    transformIndexHtml: { order: 'pre', handler: (html) => fillHtmlStrings(html, strings) },
  };
}
