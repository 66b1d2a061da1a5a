import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range.ts';

describe('parseRange', () => {
  const size = 1000;

  it('reads first bytes, a middle slice, an open end and a suffix', () => {
    expect(parseRange('bytes=0-99', size)).toEqual({ kind: 'range', start: 0, end: 99 });
    expect(parseRange('bytes=500-599', size)).toEqual({ kind: 'range', start: 500, end: 599 });
    expect(parseRange('bytes=900-', size)).toEqual({ kind: 'range', start: 900, end: 999 });
    expect(parseRange('bytes=-100', size)).toEqual({ kind: 'range', start: 900, end: 999 });
  });

  it('clamps an end past the file and a suffix longer than it', () => {
    expect(parseRange('bytes=990-5000', size)).toEqual({ kind: 'range', start: 990, end: 999 });
    expect(parseRange('bytes=-5000', size)).toEqual({ kind: 'range', start: 0, end: 999 });
    expect(parseRange('bytes=0-99999999999999999999', size)).toEqual({ kind: 'range', start: 0, end: 999 });
  });

  it('is unsatisfiable from past the end, for an empty suffix and for an empty file', () => {
    expect(parseRange('bytes=1000-', size)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=1000-1100', size)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=99999999999999999999-', size)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', size)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores what it cannot read, other units and several ranges (the whole file is sent)', () => {
    for (const header of [undefined, null, '', 'bytes=', 'bytes=-', 'bytes=abc', 'bytes=5-2', 'items=0-5', 'bytes=0-1,5-9', 'bytes=1-2-3', 'bytes=0x10-']) {
      expect(parseRange(header, size)).toEqual({ kind: 'none' });
    }
  });

  it('accepts spaces and any case in the unit', () => {
    expect(parseRange(' Bytes = 10-19 ', size)).toEqual({ kind: 'range', start: 10, end: 19 });
  });
});
