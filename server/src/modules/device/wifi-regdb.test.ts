import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apMayUse, channelMhz, parseRegDb, RegDbError, type RegRule } from './wifi-regdb.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/wifi');
const DB = fs.readFileSync(path.join(FIXTURES, 'regulatory.db'));
const INSTALLED = '/lib/firmware/regulatory.db';

/** The rules `iw reg get` printed for one country: what the kernel made of the same file. */
function iwRegGet(file: string): { country: string; rules: RegRule[] } {
  const text = fs.readFileSync(path.join(FIXTURES, file), 'utf8');
  const country = /^country (\S\S):/m.exec(text)![1]!;
  const rules = [...text.matchAll(/^\t\((\d+) - (\d+) @ (\d+)\), [^\n]*$/gm)].map((m) => {
    const flags = m[0];
    return {
      startKhz: Number(m[1]) * 1000,
      endKhz: Number(m[2]) * 1000,
      maxBandwidthKhz: Number(m[3]) * 1000,
      noOfdm: flags.includes('NO-OFDM'),
      dfs: /\bDFS\b(?!-)/.test(flags),
      // iw prints the kernel's NO_IR flag as PASSIVE-SCAN
      noIr: flags.includes('PASSIVE-SCAN') || flags.includes('NO-IR'),
    };
  });
  return { country, rules };
}

const channels = (rules: readonly RegRule[], band: '2.4' | '5', candidates: number[]) => candidates.filter((c) => apMayUse(rules, channelMhz(band, c)!));
const ALL_24 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];
const ALL_5 = [36, 40, 44, 48, 52, 56, 60, 64, 100, 104, 108, 112, 116, 120, 124, 128, 132, 136, 140, 144, 149, 153, 157, 161, 165];

describe('the regulatory database (wireless-regdb regulatory.db)', () => {
  const db = parseRegDb(DB);

  it.each(['iw-reg-get.PE.txt', 'iw-reg-get.world.txt'])('reads the same rules the kernel read from it (%s)', (file) => {
    const { country, rules } = iwRegGet(file);
    expect(rules.length).toBeGreaterThan(3);
    expect(db.get(country)).toEqual(rules);
  });

  it('lists every country once, and the world domain', () => {
    expect(db.size).toBeGreaterThan(150);
    expect([...db.keys()].every((code) => /^([A-Z]{2}|00)$/.test(code))).toBe(true);
    for (const code of ['00', 'PE', 'GT', 'US', 'ES', 'JP']) expect(db.has(code)).toBe(true);
  });

  it('gives an access point channels 1–11 in the United States and 1–13 in Peru and Guatemala (2.4 GHz)', () => {
    expect(channels(db.get('US')!, '2.4', ALL_24)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(channels(db.get('PE')!, '2.4', ALL_24)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(channels(db.get('GT')!, '2.4', ALL_24)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });

  it('keeps an access point off radar (DFS) and passive-only channels on 5 GHz', () => {
    // PE: 5250–5330 and 5490–5730 need radar detection
    expect(channels(db.get('PE')!, '5', ALL_5)).toEqual([36, 40, 44, 48, 149, 153, 157, 161, 165]);
    // the world domain lets no access point start on 5 GHz, nor on 2.4 GHz channels 12–14
    expect(channels(db.get('00')!, '5', ALL_5)).toEqual([]);
    expect(channels(db.get('00')!, '2.4', ALL_24)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('never offers 2.4 GHz channel 14 (802.11b only), though a few countries’ rules cover its frequency', () => {
    expect([...db.values()].some((rules) => apMayUse(rules, 2484))).toBe(true);
    expect(channelMhz('2.4', 14)).toBeNull();
  });

  it('numbers channels as 802.11 does', () => {
    expect(channelMhz('2.4', 1)).toBe(2412);
    expect(channelMhz('2.4', 13)).toBe(2472);
    expect(channelMhz('2.4', 0)).toBeNull();
    expect(channelMhz('5', 36)).toBe(5180);
    expect(channelMhz('5', 165)).toBe(5825);
    expect(channelMhz('5', 6)).toBeNull();
    expect(channelMhz('5', 36.5)).toBeNull();
  });

  it('refuses a file that is not a regulatory database, or is cut short', () => {
    expect(() => parseRegDb(Buffer.from('not a database'))).toThrow(RegDbError);
    expect(() => parseRegDb(DB.subarray(0, 200))).toThrow(RegDbError);
    const otherVersion = Buffer.from(DB);
    otherVersion.writeUInt32BE(19, 4);
    expect(() => parseRegDb(otherVersion)).toThrow(/versión 19/);
  });

  it.skipIf(!fs.existsSync(INSTALLED))('reads the database installed on this machine too (wireless-regdb)', () => {
    const installed = parseRegDb(fs.readFileSync(INSTALLED));
    expect(installed.size).toBeGreaterThan(150);
    expect(channels(installed.get('US')!, '2.4', ALL_24)).toContain(6);
  });
});
