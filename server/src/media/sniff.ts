import { RESOURCE_TYPES, type UploadTypeCode } from '@kit/contract';

/** What a file really is, from its first bytes: never from its name or the client's word. */
export interface Sniffed {
  mime: string;
  ext: string;
  /** the resource type the file can be (a list has no file) */
  typeCode: UploadTypeCode;
}

const { IMAGE, DOCUMENT, VIDEO, AUDIO, APP, LIBRARY } = RESOURCE_TYPES;

/** Bytes needed to decide. */
export const SNIFF_BYTES = 16;

const ascii = (buf: Uint8Array, start: number, text: string): boolean =>
  buf.length >= start + text.length && [...text].every((ch, i) => buf[start + i] === ch.charCodeAt(0));

/** First match wins. A zip is called an app here; media/file-type.ts looks inside to tell an APK from a plain zip. */
const KINDS: ReadonlyArray<readonly [(head: Uint8Array) => boolean, Sniffed]> = [
  [(h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff, { mime: 'image/jpeg', ext: 'jpg', typeCode: IMAGE }],
  [(h) => ascii(h, 0, '\x89PNG\r\n\x1a\n'), { mime: 'image/png', ext: 'png', typeCode: IMAGE }],
  [(h) => ascii(h, 0, 'GIF87a') || ascii(h, 0, 'GIF89a'), { mime: 'image/gif', ext: 'gif', typeCode: IMAGE }],
  [(h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WEBP'), { mime: 'image/webp', ext: 'webp', typeCode: IMAGE }],
  [(h) => ascii(h, 0, '%PDF-'), { mime: 'application/pdf', ext: 'pdf', typeCode: DOCUMENT }],
  [(h) => ascii(h, 4, 'ftyp') && ascii(h, 8, 'M4A '), { mime: 'audio/mp4', ext: 'm4a', typeCode: AUDIO }],
  [(h) => ascii(h, 4, 'ftyp'), { mime: 'video/mp4', ext: 'mp4', typeCode: VIDEO }],
  [(h) => h[0] === 0x1a && h[1] === 0x45 && h[2] === 0xdf && h[3] === 0xa3, { mime: 'video/webm', ext: 'webm', typeCode: VIDEO }],
  [(h) => ascii(h, 0, 'ID3') || (h[0] === 0xff && ((h[1] ?? 0) & 0xe0) === 0xe0), { mime: 'audio/mpeg', ext: 'mp3', typeCode: AUDIO }],
  [(h) => ascii(h, 0, 'OggS'), { mime: 'audio/ogg', ext: 'ogg', typeCode: AUDIO }],
  [(h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WAVE'), { mime: 'audio/wav', ext: 'wav', typeCode: AUDIO }],
  [(h) => ascii(h, 0, 'PK\x03\x04'), { mime: 'application/vnd.android.package-archive', ext: 'apk', typeCode: APP }],
  // The openZIM magic number 0x044D495A, little-endian (zim/header.ts reads the rest when it lands).
  [(h) => ascii(h, 0, 'ZIM\x04'), { mime: 'application/x-zim', ext: 'zim', typeCode: LIBRARY }],
];

/** Every type sniff can name. */
export const SNIFFED_TYPES: readonly Sniffed[] = KINDS.map(([, type]) => type);

export function sniff(head: Uint8Array): Sniffed | null {
  return KINDS.find(([matches]) => matches(head))?.[1] ?? null;
}
