import type { WifiBand } from '@kit/contract';

/** What the kit's Wi-Fi radio can do, from `iw phy <phy> info`. */
export interface Radio {
  /** the 20 MHz channels the radio lists, per band (whatever the current country marks them) */
  channels: Record<WifiBand, number[]>;
  /** "AP" is among its supported interface modes */
  accessPoint: boolean;
}

/** 2.4 GHz and 5 GHz by frequency: iw numbers 6 GHz channels from 1 again, so the number alone says nothing. */
function bandOf(mhz: number): WifiBand | null {
  if (mhz >= 2400 && mhz <= 2500) return '2.4';
  if (mhz >= 5150 && mhz <= 5925) return '5';
  return null;
}

/**
 * Parses `iw phy <phy> info` (iw 5.x; the first "Wiphy" only): each band's
 * "Frequencies:" lines ("* 2412 MHz [1] (20.0 dBm)", "* 5260.0 MHz [52]
 * (disabled)") and the interface modes. A channel the current regulatory
 * domain marks disabled or "no IR" still counts: those marks follow the
 * country, which is what the admin is about to change; the regulatory
 * database decides per country. Null when the text holds no radio.
 */
export function parseIwPhy(text: string): Radio | null {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => /^Wiphy \S+/.test(line));
  if (start < 0) return null;
  const end = lines.findIndex((line, i) => i > start && /^Wiphy \S+/.test(line));
  const channels: Record<WifiBand, number[]> = { '2.4': [], '5': [] };
  let accessPoint = false;
  let inModes = false;
  for (const line of lines.slice(start + 1, end < 0 ? undefined : end)) {
    const frequency = /^\s*\* (\d+)(?:\.\d+)? MHz \[(\d+)\]/.exec(line);
    if (frequency) {
      const band = bandOf(Number(frequency[1]));
      const channel = Number(frequency[2]);
      if (band && !channels[band].includes(channel)) channels[band].push(channel);
      continue;
    }
    if (/^\tSupported interface modes:/.test(line)) {
      inModes = true;
      continue;
    }
    if (inModes) {
      const mode = /^\t\t\s*\* (.+)$/.exec(line);
      if (mode) {
        if (mode[1]!.trim() === 'AP') accessPoint = true;
        continue;
      }
      inModes = false;
    }
  }
  return { channels: { '2.4': channels['2.4'].sort((a, b) => a - b), '5': channels['5'].sort((a, b) => a - b) }, accessPoint };
}
