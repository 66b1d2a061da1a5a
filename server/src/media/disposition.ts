const MAX_NAME = 80;

/**
 * A file name for a download from a resource's title: Spanish letters kept,
 * anything a file system or a header could misread removed, never a path.
 */
export function downloadFileName(title: string, ext: string): string {
  const base = title
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/[\\/:*?"<>|;%]/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const cut = [...base].slice(0, MAX_NAME).join('').replace(/[\s.]+$/, '');
  return `${cut === '' ? 'archivo' : cut}.${ext}`;
}

/** RFC 8187 value: UTF-8, percent-encoded except attr-char. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Content-Disposition for a download: an ASCII fallback for old clients
 * (accents dropped: Educación → Educacion, niño → nino) and the exact name in
 * filename* (RFC 6266 / RFC 8187), which every current browser prefers.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(fileName)}`;
}
