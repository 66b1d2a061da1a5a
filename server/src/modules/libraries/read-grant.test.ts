import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/helper.ts';
import { openDatabase } from '../../db/connection.ts';
import { migrate } from '../../db/migrate.ts';
import { ReadGrants, splitGrant } from './read-grant.ts';

const GRANT = `~12.1796300000.${'a'.repeat(43)}`;

describe('splitGrant', () => {
  it('takes a grant segment off the front of the path, and only a grant', () => {
    expect(splitGrant(`${GRANT}/A/%C3%81rbol`)).toEqual({ grant: GRANT, rest: 'A/%C3%81rbol' });
    expect(splitGrant(GRANT)).toEqual({ grant: GRANT, rest: '' });
    // An entry whose own path starts with "~" stays whole.
    expect(splitGrant('~usuario/notas.html')).toEqual({ grant: null, rest: '~usuario/notas.html' });
    expect(splitGrant(`${GRANT}x/img.png`)).toEqual({ grant: null, rest: `${GRANT}x/img.png` });
    expect(splitGrant('index.html')).toEqual({ grant: null, rest: 'index.html' });
  });
});

describe('ReadGrants', () => {
  it('lets in only the spelling of a grant the kit wrote: every other last letter is refused, even one that decodes to the same bytes', () => {
    const db = openDatabase(path.join(tempDir('kit-grants-'), 'portal.db'));
    migrate(db);
    const id = Number(db.prepare("INSERT INTO users (user_name, password_hash) VALUES ('lectora', 'x')").run().lastInsertRowid);
    const grants = new ReadGrants(randomBytes(32));
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // Grants for several expiry times: their last letters differ, and base64url's last letter has two spare bits.
    for (let n = 0; n < 8; n++) {
      const now = Date.now() + n * 1000;
      const grant = grants.segment(db, 3, { id, isAdmin: false, user_name: 'lectora', roleId: 2, denied: false, mustChangePassword: false }, now)!;
      expect(grants.viewer(db, 3, grant, now)).toMatchObject({ id });
      expect(grants.viewer(db, 4, grant, now)).toBeNull();
      for (const letter of letters.replace(grant.at(-1)!, '')) expect(grants.viewer(db, 3, `${grant.slice(0, -1)}${letter}`, now), letter).toBeNull();
    }
    db.close();
  });
});
