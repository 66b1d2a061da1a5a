import { Type } from 'typebox';
import { Value } from 'typebox/value';
import type { CreatedEnrolmentToken, CreateEnrolmentToken, EnrolmentAnswer, EnrolmentToken, PackEnrolmentAnswer } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { enrolmentProof, newSecret, parseEnrolmentToken, secretDigest, tokenText } from '../../enrolment-token.ts';
import { allEnrolments, allEnrolmentTokens, consumeEnrolmentToken, enrolmentOfKit, enrolmentTokenBySecret, insertEnrolmentToken, revokeEnrolmentToken, type DbEnrolmentToken } from './enrolment.repo.ts';
import { keyIdOf, verifyBytes, type KitKey } from './sync-keys.ts';
import { addTrustedKey } from './sync.repo.ts';

/*
 * A hub's enrolment tokens (docs/SYNC.md, "Enrolment tokens"): an admin makes
 * one for so many kits and days, and a kit that shows it in a signed
 * enrolment is trusted like a key pasted on /admin/sync, and gets the hub's
 * key back, proven by the token's secret.
 */

export interface HubIdentity {
  key: KitKey;
  /** KIT_ACME_DOMAIN, written into the token for the kit's name; null: this hub issues no certificates */
  domain: string | null;
}

const DAY_MS = 24 * 3600_000;

function view(row: DbEnrolmentToken, now: number): EnrolmentToken {
  const state = row.revoked_at !== null ? 'revoked' : row.uses_left === 0 ? 'used-up' : Date.parse(row.expires_at) <= now ? 'expired' : 'active';
  return { id: row.id, label: row.label, usesTotal: row.uses_total, usesLeft: row.uses_left, expiresAt: row.expires_at, revokedAt: row.revoked_at, createdAt: row.created_at, state };
}

/** A new token; its text is returned this once (the hub keeps only the secret's digest). */
export function createEnrolmentToken(db: Db, hub: HubIdentity, input: CreateEnrolmentToken, createdBy: number | null): CreatedEnrolmentToken {
  const secret = newSecret();
  const now = Date.now();
  const row = insertEnrolmentToken(db, { secretSha256: secretDigest(secret), label: input.label?.trim() ?? '', uses: input.uses, expiresAt: new Date(now + input.days * DAY_MS).toISOString(), createdBy });
  return { token: view(row, now), text: tokenText({ domain: hub.domain, hubKeyId: hub.key.keyId, secret }) };
}

export const listEnrolmentTokens = (db: Db): EnrolmentToken[] => allEnrolmentTokens(db).map((row) => view(row, Date.now()));

export function revokeToken(db: Db, id: number): void {
  if (!revokeEnrolmentToken(db, id, new Date().toISOString())) throw new AppError('ENROLMENT_TOKEN_NOT_FOUND');
}

/** What a kit signs to enrol (docs/SYNC.md). */
export const EnrolmentPayloadSchema = Type.Object({
  format: Type.Literal(1),
  kit: Type.String({ minLength: 1, maxLength: 253 }),
  token: Type.String({ maxLength: 400 }),
  createdAt: Type.String({ maxLength: 40 }),
});

/** The kit's key and payload, when the envelope is signed by the key it carries (trusted or not: that is what the token decides). */
function openEnrolment(body: { payload: string; signature: { keyId: string; publicKey: string; signature: string } }) {
  if (!verifyBytes(Buffer.from(body.payload, 'utf8'), body.signature)) throw new AppError('ENROLMENT_INVALID');
  let payload: unknown;
  try {
    payload = JSON.parse(body.payload);
  } catch {
    throw new AppError('ENROLMENT_INVALID');
  }
  if (!Value.Check(EnrolmentPayloadSchema, payload)) throw new AppError('ENROLMENT_INVALID');
  return { publicKey: body.signature.publicKey, keyId: keyIdOf(body.signature.publicKey), kit: payload.kit, token: payload.token };
}

/**
 * A kit's enrolment: a token of this hub's, not revoked, not expired, with a
 * use left; the kit's key becomes a trusted publisher and the token has one
 * use less, in one transaction. A kit this token already enrolled (its
 * answer was lost) is answered again without using it up. Any refusal
 * changes nothing.
 */
export function redeemEnrolment(db: Db, hub: HubIdentity, body: Parameters<typeof openEnrolment>[0]): EnrolmentAnswer {
  const enrolment = openEnrolment(body);
  const token = parseEnrolmentToken(enrolment.token);
  const row = token && token.hubKeyId === hub.key.keyId ? enrolmentTokenBySecret(db, secretDigest(token.secret)) : undefined;
  if (!token || !row) throw new AppError('ENROLMENT_TOKEN_INVALID');
  if (row.revoked_at !== null) throw new AppError('ENROLMENT_TOKEN_REVOKED');
  const answer = { hubPublicKey: hub.key.publicKey, proof: enrolmentProof(token.secret, hub.key.publicKey, enrolment.keyId) };
  if (enrolmentOfKit(db, enrolment.keyId)?.token_id === row.id) return answer;
  if (Date.parse(row.expires_at) <= Date.now()) throw new AppError('ENROLMENT_TOKEN_EXPIRED');
  db.transaction(() => {
    if (!consumeEnrolmentToken(db, row.id, { keyId: enrolment.keyId, kitName: enrolment.kit, proof: answer.proof })) throw new AppError('ENROLMENT_TOKEN_USED_UP');
    addTrustedKey(db, { keyId: enrolment.keyId, publicKey: enrolment.publicKey, label: `${enrolment.kit} (código de inscripción ${row.label || `#${row.id}`})`, addedBy: null });
  })();
  return answer;
}

/** The hub's answers to every kit a token enrolled: what its packs carry to kits that come by USB (docs/SYNC.md). */
export const enrolmentAnswers = (db: Db, hub: HubIdentity): PackEnrolmentAnswer[] =>
  allEnrolments(db).map((row) => ({ kitKeyId: row.key_id, hubPublicKey: hub.key.publicKey, proof: row.proof }));
