import { describe, expect, it } from 'vitest';
import { rangeResponse } from './range.ts';

const BODY = '0123456789';
const cached = () => new Response(BODY, { headers: { 'Content-Type': 'video/mp4' } });
const ask = (range?: string) => new Request('http://kit.test/api/media/abc.mp4', range ? { headers: { Range: range } } : undefined);

describe('rangeResponse', () => {
  it('answers a range with 206, its bytes and headers a player trusts', async () => {
    const response = await rangeResponse(ask('bytes=3-6'), cached());
    expect(response.status).toBe(206);
    expect(await response.text()).toBe('3456');
    expect(response.headers.get('Content-Range')).toBe('bytes 3-6/10');
    expect(response.headers.get('Content-Length')).toBe('4');
    expect(response.headers.get('Content-Type')).toBe('video/mp4');
    expect(response.headers.get('Accept-Ranges')).toBe('bytes');
  });

  it('keeps what the server said about showing the file: nosniff, its sandbox, an attachment', async () => {
    const said = { 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': "sandbox allow-same-origin; default-src 'none'", 'Content-Disposition': 'attachment; filename="a.bin"' };
    const full = () => new Response(BODY, { headers: { 'Content-Type': 'application/octet-stream', ...said } });
    for (const response of [await rangeResponse(ask('bytes=0-3'), full()), await rangeResponse(ask('bytes=0-1,3-4'), full())]) {
      for (const [name, value] of Object.entries(said)) expect(response.headers.get(name), name).toBe(value);
    }
  });

  it('answers the tail a player asks for when it seeks to the end', async () => {
    const response = await rangeResponse(ask('bytes=-2'), cached());
    expect(response.status).toBe(206);
    expect(await response.text()).toBe('89');
  });

  it('gives 416 with the size for a range past the end', async () => {
    const response = await rangeResponse(ask('bytes=50-'), cached());
    expect(response.status).toBe(416);
    expect(response.headers.get('Content-Range')).toBe('bytes */10');
  });

  it('gives the whole file without a Range header or with one it cannot serve', async () => {
    const plain = await rangeResponse(ask(), cached());
    expect(plain.status).toBe(200);
    expect(await plain.text()).toBe(BODY);
    const multi = await rangeResponse(ask('bytes=0-1,3-4'), cached());
    expect(multi.status).toBe(200);
    expect(await multi.text()).toBe(BODY);
  });
});
