import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseIwPhy } from './wifi-radio.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/wifi');
const HWSIM = fs.readFileSync(path.join(FIXTURES, 'iw-phy-info.hwsim.txt'), 'utf8');

describe('the radio, from `iw phy <phy> info`', () => {
  it('lists the 2.4 and 5 GHz channels of a real radio, whatever the current country marks them, and AP mode', () => {
    const radio = parseIwPhy(HWSIM);
    expect(radio).not.toBeNull();
    expect(radio!.accessPoint).toBe(true);
    expect(radio!.channels['2.4']).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    // 36–165, including the radar and "no IR" ones, then the disabled 169–185 (the regulatory database rules those out)
    expect(radio!.channels['5'].slice(0, 5)).toEqual([36, 40, 44, 48, 52]);
    expect(radio!.channels['5']).toContain(165);
    // the 6 GHz band numbers its channels from 1 again: none of them may leak into 2.4 or 5
    expect(radio!.channels['5'].every((c) => c >= 36)).toBe(true);
    expect(radio!.channels['2.4']).toHaveLength(14);
  });

  it('sees a radio without 5 GHz (the Pi 3B) when the output has only the 2.4 GHz band', () => {
    // the same real output cut before its second band
    const radio = parseIwPhy(HWSIM.slice(0, HWSIM.indexOf('\tBand 2:')));
    expect(radio!.channels).toEqual({ '2.4': [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14], '5': [] });
  });

  it('reads decimal frequencies as newer iw prints them, and only the first radio', () => {
    const text = 'Wiphy phy3\n\tBand 1:\n\t\tFrequencies:\n\t\t\t* 2412.0 MHz [1] (20.0 dBm)\n\t\t\t* 2437.0 MHz [6] (disabled)\nWiphy phy4\n\tBand 2:\n\t\tFrequencies:\n\t\t\t* 5180.0 MHz [36] (20.0 dBm)\n';
    expect(parseIwPhy(text)).toEqual({ channels: { '2.4': [1, 6], '5': [] }, accessPoint: false });
  });

  it('is null without a radio (no output, an error)', () => {
    expect(parseIwPhy('')).toBeNull();
    expect(parseIwPhy('command failed: No such device (-19)\n')).toBeNull();
  });
});
