/** Days as the daily counters store them: YYYY-MM-DD in UTC (resource_stats_daily). */

/** The day a counter lands on now. */
export const today = (): string => new Date().toISOString().slice(0, 10);

/** The day `days` before `from`'s. */
export function dayMinus(from: Date, days: number): string {
  return new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() - days)).toISOString().slice(0, 10);
}
