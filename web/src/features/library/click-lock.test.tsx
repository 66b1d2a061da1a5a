import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RANDOM_LOCK_MS, createClickLock, useClickLock } from './click-lock.ts';

describe('createClickLock', () => {
  it('refuses a second take within the window and frees itself after it', () => {
    let t = 1000;
    const lock = createClickLock(1500, () => t);
    expect(lock.tryAcquire()).toBe(true);
    t += 1499;
    expect(lock.isLocked()).toBe(true);
    expect(lock.tryAcquire()).toBe(false);
    t += 1;
    expect(lock.isLocked()).toBe(false);
    expect(lock.tryAcquire()).toBe(true);
  });

  it('does not extend the window on refused clicks', () => {
    let t = 0;
    const lock = createClickLock(1500, () => t);
    lock.tryAcquire();
    t = 1000;
    expect(lock.tryAcquire()).toBe(false);
    t = 1500;
    expect(lock.tryAcquire()).toBe(true);
  });
});

function Dice({ onRoll }: { onRoll: () => void }) {
  const { locked, run } = useClickLock(onRoll);
  return (
    <button type="button" data-locked={locked} onClick={run}>
      Al Azar
    </button>
  );
}

describe('useClickLock', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once per 1.5 s and reports the lock while it holds', () => {
    expect(RANDOM_LOCK_MS).toBe(1500);
    const onRoll = vi.fn();
    render(<Dice onRoll={onRoll} />);
    const button = screen.getByRole('button', { name: 'Al Azar' });

    fireEvent.click(button);
    expect(onRoll).toHaveBeenCalledTimes(1);
    expect(button.getAttribute('data-locked')).toBe('true');

    act(() => vi.advanceTimersByTime(1499));
    fireEvent.click(button);
    expect(onRoll).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(1));
    expect(button.getAttribute('data-locked')).toBe('false');
    fireEvent.click(button);
    expect(onRoll).toHaveBeenCalledTimes(2);
  });
});
