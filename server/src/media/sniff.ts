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

/** First match wins. A zip is called an app here; media/file-type.ts looks inside to tell an APK from a plain zip. */
const KINDS: ReadonlyArray<readonly [(head: Uint8Array) => boolean, Sniffed]> = [
  [(h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff, { mime: 'image/jpeg', ext: 'jpg', typeCode: 1 }],
  [(h) => ascii(h, 0, '\x89PNG\r\n\x1a\n'), { mime: 'image/png', ext: 'png', typeCode: 1 }],
  [(h) => ascii(h, 0, 'GIF87a') || ascii(h, 0, 'GIF89a'), { mime: 'image/gif', ext: 'gif', typeCode: 1 }],
  [(h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WEBP'), { mime: 'image/webp', ext: 'webp', typeCode: 1 }],
  [(h) => ascii(h, 0, '%PDF-'), { mime: 'application/pdf', ext: 'pdf', typeCode: 2 }],
  [(h) => ascii(h, 4, 'ftyp') && ascii(h, 8, 'M4A '), { mime: 'audio/mp4', ext: 'm4a', typeCode: 4 }],
  [(h) => ascii(h, 4, 'ftyp'), { mime: 'video/mp4', ext: 'mp4', typeCode: 3 }],
  [(h) => h[0] === 0x1a && h[1] === 0x45 && h[2] === 0xdf && h[3] === 0xa3, { mime: 'video/webm', ext: 'webm', typeCode: 3 }],
  [(h) => ascii(h, 0, 'ID3') || (h[0] === 0xff && ((h[1] ?? 0) & 0xe0) === 0xe0), { mime: 'audio/mpeg', ext: 'mp3', typeCode: 4 }],
  [(h) => ascii(h, 0, 'OggS'), { mime: 'audio/ogg', ext: 'ogg', typeCode: 4 }],
  [(h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WAVE'), { mime: 'audio/wav', ext: 'wav', typeCode: 4 }],
  [(h) => ascii(h, 0, 'PK\x03\x04'), { mime: 'application/vnd.android.package-archive', ext: 'apk', typeCode: 5 }],
];

/** Every type sniff can name. */
export const SNIFFED_TYPES: readonly Sniffed[] = KINDS.map(([, type]) => type);

export function sniff(head: Uint8Array): Sniffed | null {
  return KINDS.find(([matches]) => matches(head))?.[1] ?? null;
}
