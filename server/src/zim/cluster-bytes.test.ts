import { describe, expect, it } from 'vitest';
import { ClusterBytes } from './cluster-bytes.ts';

/** A copy with a buffer of its own (Buffer.from and concat may share a pool). */
function own(bytes: Buffer): Buffer {
  const copy = Buffer.alloc(bytes.length);
  bytes.copy(copy);
  return copy;
}

/** 300 bytes 0..299 (mod 256) in pieces of 100, 50 and 150. */
const whole = Buffer.from(Array.from({ length: 300 }, (_, i) => i % 256));
const pieces = [whole.subarray(0, 100), whole.subarray(100, 150), whole.subarray(150)].map(own);

describe('ClusterBytes', () => {
  it('reads any span as the bytes joined would give, within a piece, across two and across three', () => {
    const bytes = new ClusterBytes(pieces, true);
    expect(bytes.length).toBe(300);
    for (const [start, end] of [[0, 0], [0, 100], [10, 20], [99, 101], [100, 150], [149, 151], [90, 160], [0, 300], [299, 300], [300, 300]] as const) {
      expect(bytes.slice(start, end)).toEqual(whole.subarray(start, end));
    }
  });

  it('hands out a view, not a copy, when the span lies in one piece', () => {
    const bytes = new ClusterBytes(pieces, true);
    expect(bytes.slice(110, 140).buffer).toBe(pieces[1]?.buffer);
    expect(bytes.slice(90, 110).buffer).not.toBe(pieces[0]?.buffer);
  });

  it('refuses a span outside what is decoded', () => {
    const bytes = new ClusterBytes(pieces.slice(0, 2), false);
    expect(() => bytes.slice(140, 151)).toThrow(RangeError);
    expect(() => bytes.slice(-1, 2)).toThrow(RangeError);
  });

  it('counts what it holds by the memory behind its pieces, once per buffer', () => {
    const shared = Buffer.alloc(1000);
    const bytes = new ClusterBytes([shared.subarray(0, 10), shared.subarray(10, 30), Buffer.alloc(5000)], false);
    expect(bytes.length).toBe(5030);
    expect(bytes.held).toBe(1000 + 5000);
  });
});
