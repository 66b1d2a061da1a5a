import { describe, expect, it } from 'vitest';
import { setSeeDesktop } from './see-desktop.ts';

describe('setSeeDesktop', () => {
  it('writes the cookie the server reads for seeDesktop, for the whole site and a year', () => {
    const written: string[] = [];
    setSeeDesktop(false, (cookie) => written.push(cookie));
    setSeeDesktop(true, (cookie) => written.push(cookie));
    expect(written).toEqual(['kp_see_desktop=0; Path=/; Max-Age=31536000; SameSite=Lax', 'kp_see_desktop=1; Path=/; Max-Age=31536000; SameSite=Lax']);
  });
});
