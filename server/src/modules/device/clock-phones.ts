/*
 * The phones' word on the kit's clock (docs/API-device.md "The kit's clock").
 * One phone can be wrong (a clock set by hand, another time zone typed as
 * UTC); several phones of different people that agree rarely are. Each hint
 * is kept as the phone's offset from the kit's clock when it arrived, the
 * latest per client address, for PHONES_WINDOW_MS.
 */

/** Hints older than this are forgotten. */
export const PHONES_WINDOW_MS = 10 * 60_000;
/** Phones agree when their offsets are at most this far apart. */
export const PHONES_SPREAD_MS = 2 * 60_000;
/** At least this many different phones (addresses) must agree. */
export const PHONES_NEEDED = 3;
/** Kept per kit at most: a flood of addresses cannot grow the memory. */
const MAX_PHONES = 256;

interface Hint {
  offsetMs: number;
  /** monotonic time of arrival (performance.now()) */
  at: number;
}

export class PhoneHints {
  readonly #byAddress = new Map<string, Hint>();

  add(address: string, offsetMs: number, at: number): void {
    this.#forgetOld(at);
    this.#byAddress.delete(address);
    if (this.#byAddress.size >= MAX_PHONES) this.#byAddress.delete(this.#byAddress.keys().next().value!);
    this.#byAddress.set(address, { offsetMs, at });
  }

  clear(): void {
    this.#byAddress.clear();
  }

  /**
   * The median offset of the phones that agree, or null when they do not:
   * at least PHONES_NEEDED of them within PHONES_SPREAD_MS of each other, and
   * more than half of the phones heard in the window (two groups of phones
   * that disagree cancel out).
   */
  agreement(at: number): number | null {
    this.#forgetOld(at);
    const offsets = [...this.#byAddress.values()].map((hint) => hint.offsetMs).sort((a, b) => a - b);
    let best: number[] = [];
    for (let first = 0, last = 0; last < offsets.length; last++) {
      while (offsets[last]! - offsets[first]! > PHONES_SPREAD_MS) first++;
      if (last - first + 1 > best.length) best = offsets.slice(first, last + 1);
    }
    if (best.length < PHONES_NEEDED || best.length * 2 <= offsets.length) return null;
    const middle = best.length >> 1;
    return best.length % 2 === 1 ? best[middle]! : (best[middle - 1]! + best[middle]!) / 2;
  }

  #forgetOld(at: number): void {
    for (const [address, hint] of this.#byAddress) if (at - hint.at > PHONES_WINDOW_MS) this.#byAddress.delete(address);
  }
}
