/** The bench's one table and results object: every figure beside its baseline. */
export interface Row { figure: string; value: string; baseline: string; ratio: string }

export const rows: Row[] = [];
export const results: Record<string, unknown> = {};

export const ms = (n: number): string => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(n < 10 ? 2 : 1)} ms`);
export const times = (ours: number, theirs: number, better: 'higher' | 'lower'): string => {
  const r = better === 'higher' ? ours / theirs : theirs / ours;
  return r >= 1 ? `${r.toFixed(2)}× better` : `${(1 / r).toFixed(2)}× worse`;
};

/** p in [0, 1] of a list of numbers (nearest rank). */
export const pct = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;
