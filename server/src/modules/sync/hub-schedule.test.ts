import type { SyncSettings } from '@kit/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HubSchedule, type LastSync } from './hub-schedule.ts';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
const hub = { feedUrl: 'http://centro.example/hub/feed.json', uploadUrl: null };

/** A schedule over settings and a last sync the test changes; each sync it starts ends at once with OUTCOME. */
function scheduleFor(intervalHours: number, last: LastSync | null, outcome: 'ok' | 'failed' | 'busy' = 'ok') {
  const state = { settings: { ...hub, intervalHours } as SyncSettings, last, outcome };
  const start = vi.fn(async () => {
    if (state.outcome === 'busy') return false;
    state.last = { at: new Date().toISOString(), ok: state.outcome === 'ok' };
    return true;
  });
  const schedule = new HubSchedule(
    start,
    () => state.settings,
    () => state.last,
  );
  return { schedule, start, state };
}
const ago = (ms: number, ok = true): LastSync => ({ at: new Date(Date.now() - ms).toISOString(), ok });
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR_MS).toISOString();

describe('HubSchedule', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  it('syncs at once on a kit that never synced, then every interval after the last one ended', async () => {
    const { schedule, start } = scheduleFor(6, null);
    schedule.apply();
    await vi.advanceTimersByTimeAsync(0);
    expect(start).toHaveBeenCalledTimes(1);
    expect(schedule.nextAt).toBe(inHours(6));
    await vi.advanceTimersByTimeAsync(6 * HOUR_MS - 1);
    expect(start).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(start).toHaveBeenCalledTimes(2);
    schedule.stop();
  });

  it('counts from the last sync it remembers, not from its own start: a kit off all evening syncs as it comes on', async () => {
    const overdue = scheduleFor(6, ago(7 * HOUR_MS));
    overdue.schedule.apply();
    await vi.advanceTimersByTimeAsync(0);
    expect(overdue.start).toHaveBeenCalledTimes(1);

    const recent = scheduleFor(6, ago(2 * HOUR_MS));
    recent.schedule.apply();
    expect(recent.schedule.nextAt).toBe(inHours(4));
    await vi.advanceTimersByTimeAsync(4 * HOUR_MS - 1);
    expect(recent.start).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(recent.start).toHaveBeenCalledTimes(1);
    overdue.schedule.stop();
    recent.schedule.stop();
  });

  it('tries again an hour after a sync that failed, or after finding another job running, never in a loop', async () => {
    const failing = scheduleFor(12, null, 'failed');
    failing.schedule.apply();
    await vi.advanceTimersByTimeAsync(0);
    expect(failing.start).toHaveBeenCalledTimes(1);
    expect(failing.schedule.nextAt).toBe(inHours(1));
    await vi.advanceTimersByTimeAsync(HOUR_MS);
    expect(failing.start).toHaveBeenCalledTimes(2);

    const busy = scheduleFor(12, null, 'busy');
    busy.schedule.apply();
    await vi.advanceTimersByTimeAsync(HOUR_MS - 1);
    expect(busy.start).toHaveBeenCalledTimes(1);
    expect(busy.schedule.nextAt).toBe(new Date(Date.now() + 1).toISOString());
    busy.state.outcome = 'ok';
    await vi.advanceTimersByTimeAsync(1);
    expect(busy.start).toHaveBeenCalledTimes(2);
    expect(busy.schedule.nextAt).toBe(inHours(12));
    failing.schedule.stop();
    busy.schedule.stop();
  });

  it('moves on after a sync an admin started, and syncs at once when its clock reads before its last sync', async () => {
    const { schedule, start, state } = scheduleFor(6, ago(0));
    schedule.apply();
    await vi.advanceTimersByTimeAsync(3 * HOUR_MS);
    state.last = ago(0);
    await vi.advanceTimersByTimeAsync(3 * HOUR_MS);
    expect(start).not.toHaveBeenCalled();
    expect(schedule.nextAt).toBe(inHours(3));

    // The clock was set back (a Pi has no clock battery): the last sync seems to be in the future.
    state.last = { at: new Date(Date.now() + 2 * DAY_MS).toISOString(), ok: true };
    schedule.apply();
    await vi.advanceTimersByTimeAsync(0);
    expect(start).toHaveBeenCalledTimes(1);
    schedule.stop();
  });

  it('waits out an interval longer than one timer holds (30 days)', async () => {
    const { schedule, start } = scheduleFor(720, ago(0));
    schedule.apply();
    await vi.advanceTimersByTimeAsync(30 * DAY_MS - 1000);
    expect(start).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(start).toHaveBeenCalledTimes(1);
    schedule.stop();
  });

  it('follows new settings at once, and never starts by hand only (interval 0) or without a hub address', async () => {
    const { schedule, start, state } = scheduleFor(6, ago(0));
    schedule.apply();
    state.settings = { ...hub, intervalHours: 1 };
    schedule.apply();
    expect(schedule.nextAt).toBe(inHours(1));
    await vi.advanceTimersByTimeAsync(3 * HOUR_MS);
    expect(start).toHaveBeenCalledTimes(3);

    for (const settings of [{ ...hub, intervalHours: 0 }, { feedUrl: null, uploadUrl: null, intervalHours: 1 }]) {
      state.settings = settings;
      schedule.apply();
      expect(schedule.nextAt).toBeNull();
      await vi.advanceTimersByTimeAsync(24 * HOUR_MS);
      expect(start).toHaveBeenCalledTimes(3);
    }
  });

  it('arms nothing once stopped, even when a sync that was running ends after', async () => {
    const { schedule, start, state } = scheduleFor(6, null);
    let end = () => {};
    start.mockImplementationOnce(
      () =>
        new Promise<boolean>((resolve) => {
          end = () => {
            state.last = { at: new Date().toISOString(), ok: true };
            resolve(true);
          };
        }),
    );
    schedule.apply();
    await vi.advanceTimersByTimeAsync(0);
    schedule.stop();
    end();
    await vi.advanceTimersByTimeAsync(7 * HOUR_MS);
    expect(start).toHaveBeenCalledTimes(1);
    expect(schedule.nextAt).toBeNull();
  });
});
