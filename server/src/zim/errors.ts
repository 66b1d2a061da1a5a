/**
 * Every way a ZIM file can be refused, as stable codes. The import door maps
 * each to a Spanish message for the admin; the reader itself only names them.
 */
export const ZIM_ERROR_CODES = [
  /** not a ZIM file at all: no magic number */
  'ZIM_NOT_ZIM',
  /** a ZIM major version other than 5 or 6 */
  'ZIM_VERSION',
  /** the file ends before what its header declares (an interrupted copy) */
  'ZIM_TRUNCATED',
  /** a pointer, index or blob offset outside what it may point at */
  'ZIM_BAD_OFFSET',
  /** a structure that does not read as the format says */
  'ZIM_CORRUPT',
  /** a cluster compressed with a method this reader does not decode (zlib, bzip2, unknown) */
  'ZIM_COMPRESSION',
  /** a cluster that would decompress beyond the reader's bound */
  'ZIM_TOO_LARGE',
  /** redirects that do not reach an item within the hop bound */
  'ZIM_REDIRECT_LOOP',
  /** a byte range outside the item */
  'ZIM_RANGE',
  /** the stored MD5 does not match the file's bytes, or there is none */
  'ZIM_CHECKSUM',
] as const;

export type ZimErrorCode = (typeof ZIM_ERROR_CODES)[number];

/** A refusal with a stable code; the message is for logs, never for villagers. */
export class ZimError extends Error {
  readonly code: ZimErrorCode;

  constructor(code: ZimErrorCode, detail: string) {
    super(`${code}: ${detail}`);
    this.name = 'ZimError';
    this.code = code;
  }
}
