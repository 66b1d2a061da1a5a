/** What a file really is, from its first bytes: never from its name or the client's word. */
export interface Sniffed {
  mime: string;
  ext: string;
  /** SPEC §3 type code the file can be: 1 image, 2 document, 3 video, 4 audio, 5 app */
  typeCode: 1 | 2 | 3 | 4 | 5;
}

/** Bytes needed to decide. */
export const SNIFF_BYTES = 16;

const ascii = (buf: Uint8Array, start: number, text: string): boolean =>
  buf.length >= start + text.length && [...text].every((ch, i) => buf[start + i] === ch.charCodeAt(0));

export function sniff(head: Uint8Array): Sniffed | null {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg', typeCode: 1 };
  if (ascii(head, 0, '\x89PNG\r\n\x1a\n')) return { mime: 'image/png', ext: 'png', typeCode: 1 };
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return { mime: 'image/gif', ext: 'gif', typeCode: 1 };
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return { mime: 'image/webp', ext: 'webp', typeCode: 1 };
  if (ascii(head, 0, '%PDF-')) return { mime: 'application/pdf', ext: 'pdf', typeCode: 2 };
  if (ascii(head, 4, 'ftyp')) {
    const audioOnly = ascii(head, 8, 'M4A ');
    return audioOnly ? { mime: 'audio/mp4', ext: 'm4a', typeCode: 4 } : { mime: 'video/mp4', ext: 'mp4', typeCode: 3 };
  }
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return { mime: 'video/webm', ext: 'webm', typeCode: 3 };
  if (ascii(head, 0, 'ID3') || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0)) return { mime: 'audio/mpeg', ext: 'mp3', typeCode: 4 };
  if (ascii(head, 0, 'OggS')) return { mime: 'audio/ogg', ext: 'ogg', typeCode: 4 };
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return { mime: 'audio/wav', ext: 'wav', typeCode: 4 };
  if (ascii(head, 0, 'PK\x03\x04')) return { mime: 'application/vnd.android.package-archive', ext: 'apk', typeCode: 5 };
  return null;
}
