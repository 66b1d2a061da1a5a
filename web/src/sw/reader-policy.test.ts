import { describe, expect, it } from 'vitest';
import { shellForPath } from './reader-policy.ts';

const POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; frame-ancestors 'none'";
const shell = () => new Response('<!doctype html><div id="root"></div>', { headers: { 'content-type': 'text/html', 'content-security-policy': POLICY } });

describe('the shell for a path', () => {
  it("lets the reader's page show a saved copy's inline styles, with scripts as strict as before", async () => {
    const reader = shellForPath('/resource/12/read/A/Ceiba.html', shell());
    expect(reader.headers.get('content-security-policy')).toBe("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'");
    expect(reader.headers.get('content-type')).toBe('text/html');
    expect(await reader.text()).toBe('<!doctype html><div id="root"></div>');
  });

  it('leaves every other page, and a shell without a policy, as it came', () => {
    for (const path of ['/menu', '/resource/12', '/resource/12/readme', '/resource/x/read/a.html']) {
      const original = shell();
      expect(shellForPath(path, original)).toBe(original);
    }
    const bare = new Response('');
    expect(shellForPath('/resource/12/read/a.html', bare)).toBe(bare);
  });
});
