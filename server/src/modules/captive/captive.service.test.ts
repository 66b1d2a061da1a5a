import { describe, expect, it } from 'vitest';
import { hostName, isNavigation, OwnHosts, ReleasedClients } from './captive.service.ts';

describe('ReleasedClients', () => {
  const clock = (start = 0) => {
    let now = start;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it('answers "online" for an hour after the last probe or page, then forgets the client', () => {
    const c = clock();
    const clients = new ReleasedClients({ now: c.now });
    expect(clients.touchIfReleased('10.42.0.10')).toBe(false);
    clients.release('10.42.0.10');
    c.advance(59 * 60_000);
    expect(clients.touchIfReleased('10.42.0.10')).toBe(true); // and refreshed
    c.advance(59 * 60_000);
    expect(clients.touchIfReleased('10.42.0.10')).toBe(true);
    c.advance(60 * 60_000);
    expect(clients.touchIfReleased('10.42.0.10')).toBe(false);
    expect(clients.size).toBe(0);
  });

  it('keeps at most maxEntries clients, forgetting expired ones, then the least recently seen', () => {
    const c = clock();
    const clients = new ReleasedClients({ now: c.now, maxEntries: 3, ttlMs: 1_000 });
    clients.release('a');
    clients.release('b');
    clients.release('c');
    expect(clients.touchIfReleased('a')).toBe(true); // a is now the most recent
    clients.release('d');
    expect(clients.size).toBe(3);
    expect(clients.touchIfReleased('b')).toBe(false);
    expect(clients.touchIfReleased('a')).toBe(true);
    c.advance(2_000);
    clients.release('e');
    expect(clients.size).toBe(1);
  });
});

describe('hostName', () => {
  it.each([
    ['portal.kit', 'portal.kit'],
    ['Portal.Kit:8080', 'portal.kit'],
    ['portal.kit.', 'portal.kit'],
    ['[::1]:80', '::1'],
    ['[fe80::1]', 'fe80::1'],
    ['10.42.0.1:80', '10.42.0.1'],
    [undefined, ''],
  ])('%s → %s', (header, expected) => {
    expect(hostName(header)).toBe(expected);
  });
});

describe('OwnHosts', () => {
  it("knows the kit's name, localhost, the hotspot address, loopback and the interfaces' addresses", () => {
    const own = new OwnHosts('portal.kit', () => ['192.168.1.40', 'fe80::aa']);
    for (const host of ['portal.kit', 'localhost', '10.42.0.1', '127.0.0.1', '::1', '192.168.1.40', 'fe80::aa', '']) expect(own.has(host), host).toBe(true);
    for (const host of ['www.google.com', 'portal.kit.example', '192.168.1.41', '8.8.8.8']) expect(own.has(host), host).toBe(false);
  });

  it('knows the name its HTTPS certificate is for, as it is now (a hub gives it one while the server runs)', () => {
    let httpsName: string | null = null;
    const own = new OwnHosts('portal.kit', () => [], () => httpsName);
    expect(own.has('kit-07.kits.example.org')).toBe(false);
    httpsName = 'kit-07.kits.example.org';
    expect(own.has('kit-07.kits.example.org')).toBe(true);
    expect(own.has('kit-08.kits.example.org')).toBe(false);
  });
});

describe('isNavigation', () => {
  it('trusts Sec-Fetch-Mode where the browser sends it', () => {
    expect(isNavigation({ 'sec-fetch-mode': 'navigate', accept: '*/*' })).toBe(true);
    expect(isNavigation({ 'sec-fetch-mode': 'cors', accept: 'text/html' })).toBe(false);
  });

  it('falls back to Accept for older browsers', () => {
    expect(isNavigation({ accept: 'text/html,*/*' })).toBe(true);
    expect(isNavigation({ accept: 'image/webp,*/*' })).toBe(false);
    expect(isNavigation({})).toBe(false);
  });
});
