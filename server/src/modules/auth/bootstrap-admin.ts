import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.ts';
import { HIGHLIGHT } from '../../logging.ts';
import { generatePassword, hashPassword } from './password.ts';

export const ADMIN_USER_NAME = 'admin';

/**
 * First start: creates `admin` with KIT_ADMIN_PASSWORD, or with a random
 * password written once to the log. Never a fixed default. Later starts leave
 * the account alone (its password may have been changed since).
 */
export async function ensureAdminAccount(db: Db, configured: string | null, log: FastifyBaseLogger): Promise<void> {
  const exists = db.prepare('SELECT 1 FROM users WHERE user_name = ?').get(ADMIN_USER_NAME);
  if (exists) return;
  const password = configured ?? generatePassword();
  db.prepare(
    `INSERT INTO users (user_name, password_hash, name, last_name, is_admin, role_id)
     VALUES (?, ?, 'Administrador', 'del kit', 1, 1)`,
  ).run(ADMIN_USER_NAME, await hashPassword(password));
  if (configured) log.info({ user: ADMIN_USER_NAME }, 'cuenta de administrador creada con KIT_ADMIN_PASSWORD');
  // The one place a password is ever written out: the generated first-start one, so the owner can log in.
  else log.warn(HIGHLIGHT, `Cuenta de administrador creada. Usuario: ${ADMIN_USER_NAME}  Contraseña: ${password}  (cámbiala al entrar; no se volverá a mostrar)`);
}
