/**
 * Answers a Range request from a whole cached file, with the server's rules
 * (the same parser, RFC 9110 §14): one range gives 206, a range
 * starting past the end or an empty suffix gives 416, anything else (no
 * header, another unit, several ranges) the whole file. Players seek with
 * Range requests, so saved video and audio need this offline.
 */
import { parseRange } from '@kit/contract/byte-range';

/** What the server said about the file that a rebuilt answer keeps: how it may be shown (docs/ARCHITECTURE.md). */
const KEPT_HEADERS = ['X-Content-Type-Options', 'Content-Security-Policy', 'Content-Disposition'];

function keptFrom(full: Response): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = full.headers.get(name);
    if (value !== null) kept[name] = value;
  }
  return kept;
}

/** The answer to `request` from `full`, a cached 200 holding the whole file. */
export async function rangeResponse(request: Request, full: Response): Promise<Response> {
  const header = request.headers.get('Range');
  if (header === null) return full;
  const blob = await full.blob();
  const type = full.headers.get('Content-Type') ?? blob.type;
  const kept = keptFrom(full);
  const range = parseRange(header, blob.size);
  if (range.kind === 'none') {
    return new Response(blob, { status: 200, headers: { ...kept, 'Content-Type': type, 'Content-Length': String(blob.size), 'Accept-Ranges': 'bytes' } });
  }
  if (range.kind === 'unsatisfiable') {
    return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${blob.size}` } });
  }
  const part = blob.slice(range.start, range.end + 1, type);
  return new Response(part, {
    status: 206,
    statusText: 'Partial Content',
    headers: {
      ...kept,
      'Content-Type': type,
      'Content-Length': String(part.size),
      'Content-Range': `bytes ${range.start}-${range.end}/${blob.size}`,
      'Accept-Ranges': 'bytes',
    },
  });
}
