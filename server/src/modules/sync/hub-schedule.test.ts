import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HubSchedule } from './hub-schedule.ts';

const HOUR_MS = 3600_000;
const hub = { feedUrl: 'http://centro.example/hub/feed.json', uploadUrl: null };

describe('HubSchedule', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  it('starts a sync every interval, and follows new settings at once', () => {
    const start = vi.fn();
    const schedule = new HubSchedule(start);
    schedule.apply({ ...hub, intervalHours: 6 });
    vi.advanceTimersByTime(6 * HOUR_MS);
    expect(start).toHaveBeenCalledTimes(1);

    schedule.apply({ ...hub, intervalHours: 1 });
    expect(schedule.nextAt).toBe(new Date(Date.now() + HOUR_MS).toISOString());
    vi.advanceTimersByTime(3 * HOUR_MS);
    expect(start).toHaveBeenCalledTimes(4);

    schedule.apply({ ...hub, intervalHours: 0 });
    vi.advanceTimersByTime(24 * HOUR_MS);
    expect(start).toHaveBeenCalledTimes(4);
    expect(schedule.nextAt).toBeNull();
  });

  it('never starts without a hub address', () => {
    const start = vi.fn();
    const schedule = new HubSchedule(start);
    schedule.apply({ feedUrl: null, uploadUrl: null, intervalHours: 1 });
    vi.advanceTimersByTime(5 * HOUR_MS);
    expect(start).not.toHaveBeenCalled();
    schedule.stop();
  });
});
