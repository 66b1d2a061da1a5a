import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { ensureAdminAccount } from './bootstrap-admin.ts';
import { generatePassword, hashPassword, verifyPassword } from './password.ts';

describe('passwords', () => {
  it('are stored as argon2id with OWASP parameters and a fresh salt', async () => {
    const a = await hashPassword('quinua-2026');
    const b = await hashPassword('quinua-2026');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('quinua');
    expect(await verifyPassword('quinua-2026', a)).toBe(true);
    expect(await verifyPassword('quinua-2025', a)).toBe(false);
    expect(await verifyPassword('quinua-2026', 'not-a-hash')).toBe(false);
  });

  it('are generated readable and different each time', () => {
    const a = generatePassword();
    expect(a).toMatch(/^[a-z2-9]{12}$/);
    expect(generatePassword()).not.toBe(a);
  });
});

describe('the first-start admin account', () => {
  const messages = () => {
    const lines: string[] = [];
    const record = (_obj: unknown, msg?: string) => lines.push(typeof _obj === 'string' ? _obj : (msg ?? ''));
    return { lines, log: { info: record, warn: record } as never };
  };

  it('takes KIT_ADMIN_PASSWORD and never writes it out', async () => {
    const t = await buildTestApp();
    const { lines, log } = messages();
    await ensureAdminAccount(t.app.db, 'clave-del-kit', log);
    const row = t.app.db.prepare<[], { password_hash: string; is_admin: number }>("SELECT password_hash, is_admin FROM users WHERE user_name = 'admin'").get();
    expect(row?.is_admin).toBe(1);
    expect(await verifyPassword('clave-del-kit', row?.password_hash ?? '')).toBe(true);
    expect(lines.join('\n')).not.toContain('clave-del-kit');
    await t.close();
  });

  it('generates a random password shown once when none is configured, and keeps it on later starts', async () => {
    const t = await buildTestApp();
    const first = messages();
    await ensureAdminAccount(t.app.db, null, first.log);
    const shown = /Contraseña: (\S+)/.exec(first.lines.join('\n'))?.[1] ?? '';
    expect(shown).toMatch(/^[a-z2-9]{12}$/);
    const hash = t.app.db.prepare<[], { password_hash: string }>("SELECT password_hash FROM users WHERE user_name = 'admin'").get()?.password_hash ?? '';
    expect(await verifyPassword(shown, hash)).toBe(true);
    const second = messages();
    await ensureAdminAccount(t.app.db, null, second.log);
    expect(second.lines).toEqual([]);
    await t.close();
  });
});
