import { Value } from 'typebox/value';
import { EnrolmentAnswerSchema, type EnrolmentAnswer } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { readEnrolment, writeEnrolment } from '../device/device.certificate.ts';
import type { KitCertificatesContext } from './certificates-kit.ts';
import { parseEnrolmentToken, proofMatches, type ParsedToken } from '../../enrolment-token.ts';
import { seal, type Envelope } from './signed-envelope.ts';
import { keyIdOf, parsePublicKey } from './sync-keys.ts';
import { addTrustedKey, readHubState, writeHubState } from './sync.repo.ts';

/*
 * A kit's side of an enrolment token (docs/SYNC.md, "Enrolment tokens"):
 * before its first report, the kit posts its signed enrolment to the hub's
 * enrol address, next to the reports one, and trusts the key that comes back
 * only when it is the key the token names and the hub proved it knows the
 * token's secret. That key becomes a trusted publisher and the hub the kit
 * is enrolled with, so the same sync goes on to ask for its certificate.
 */

interface TokenEnrolled {
  hubKeyId: string;
  at: string;
}

/** The hub's enrol address: `enrol` beside the reports address (…/api/v2/sync/reports → …/api/v2/sync/enrol). */
export const enrolUrlOf = (uploadUrl: string): string => new URL('enrol', uploadUrl).toString();

/** Errors the hub gives a token, passed on as the kit's own; anything else means the hub did not answer. */
const HUB_REFUSALS = new Set(['ENROLMENT_INVALID', 'ENROLMENT_TOKEN_INVALID', 'ENROLMENT_TOKEN_EXPIRED', 'ENROLMENT_TOKEN_USED_UP', 'ENROLMENT_TOKEN_REVOKED']);

/** Enrols with TOKEN_TEXT once (a kit enrolled with the token's hub does nothing); throws the hub's refusal. */
export async function enrolWithToken(ctx: Pick<KitCertificatesContext, 'db' | 'dataDir' | 'key' | 'kitName' | 'clock'>, uploadUrl: string, tokenText: string): Promise<void> {
  const token = parseEnrolmentToken(tokenText);
  if (!token) throw new AppError('ENROLMENT_TOKEN_INVALID');
  if (readHubState<TokenEnrolled>(ctx.db, 'tokenEnrolment')?.hubKeyId === token.hubKeyId) return;
  const body = signedEnrolment(ctx, tokenText);
  let response: Response;
  try {
    response = await fetch(enrolUrlOf(uploadUrl), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  } catch {
    throw new AppError('SYNC_HUB_UNREACHABLE');
  }
  const reply = (await response.json().catch(() => null)) as { error?: { code?: string } } | null;
  if (!response.ok) {
    const code = reply?.error?.code;
    throw new AppError(code !== undefined && HUB_REFUSALS.has(code) ? (code as 'ENROLMENT_INVALID') : 'SYNC_HUB_UNREACHABLE', { status: response.status });
  }
  if (!Value.Check(EnrolmentAnswerSchema, reply)) throw new AppError('ENROLMENT_ANSWER_INVALID');
  await trustEnrolledHub(ctx, token, reply);
}

/** The kit's enrolment with TOKEN_TEXT, signed: posted to the hub, or carried in a pack (docs/SYNC.md). */
export const signedEnrolment = (ctx: Pick<KitCertificatesContext, 'key' | 'kitName' | 'clock'>, tokenText: string): Envelope =>
  seal(ctx.key, { format: 1, kit: ctx.kitName, token: tokenText.trim(), createdAt: new Date(ctx.clock.now()).toISOString() });

/**
 * Trusts the hub's key in ANSWER when it is the one TOKEN names and the hub
 * proved it knows the token's secret (ENROLMENT_ANSWER_INVALID otherwise),
 * and takes that hub as the one the kit is enrolled with.
 */
export async function trustEnrolledHub(ctx: Pick<KitCertificatesContext, 'db' | 'dataDir' | 'key'>, token: ParsedToken, answer: EnrolmentAnswer): Promise<void> {
  const hubPublicKey = parsePublicKey(answer.hubPublicKey);
  if (hubPublicKey === null || keyIdOf(hubPublicKey) !== token.hubKeyId || !proofMatches(token.secret, hubPublicKey, ctx.key.keyId, answer.proof)) throw new AppError('ENROLMENT_ANSWER_INVALID');
  addTrustedKey(ctx.db, { keyId: token.hubKeyId, publicKey: hubPublicKey, label: 'Centro (código de inscripción)', addedBy: null });
  // The hub whose answers the kit applies (certificates-kit.ts), and the domain its label is made for; a kit enrolled with a hub before keeps it.
  const before = readEnrolment(ctx.dataDir);
  if (token.domain !== null && !before?.hubKeyId) {
    const sameDomain = before?.domain === token.domain;
    await writeEnrolment(ctx.dataDir, {
      name: sameDomain ? (before?.name ?? null) : null,
      domain: token.domain,
      hubKeyId: token.hubKeyId,
      state: sameDomain ? (before?.state ?? null) : null,
      requestedAt: before?.requestedAt ?? null,
      answeredAt: before?.answeredAt ?? null,
      lastError: null,
    });
  }
  writeHubState(ctx.db, 'tokenEnrolment', { hubKeyId: token.hubKeyId, at: new Date().toISOString() } satisfies TokenEnrolled);
}

/** The kit's token for /admin/sync: its hub and domain (never its secret), and whether the kit enrolled with it. */
export function tokenStatus(db: Db, tokenText: string | null): { hubKeyId: string; domain: string | null; enrolled: boolean } | null {
  const token = tokenText ? parseEnrolmentToken(tokenText) : null;
  if (!token) return null;
  return { hubKeyId: token.hubKeyId, domain: token.domain, enrolled: readHubState<TokenEnrolled>(db, 'tokenEnrolment')?.hubKeyId === token.hubKeyId };
}
