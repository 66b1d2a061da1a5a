import type { Manifest } from './pack-format.ts';
import type { PackCertificatesContext } from './pack-certificates.ts';
import { redeemEnrolment } from './enrolment-hub.ts';
import { trustEnrolledHub } from './enrolment-kit.ts';
import { parseEnrolmentToken } from '../../enrolment-token.ts';
import { isTrustedKey } from './sync.repo.ts';
import { verifyBytes, type Signature } from './sync-keys.ts';

/**
 * Enrolment by token by USB (docs/SYNC.md, "Enrolment tokens"), before the
 * pack's signature is judged: a hub takes the signed enrolment a kit's pack
 * carries (the same checks as over the network: a refused token refuses the
 * pack and changes nothing), and a kit with a token takes the hub's answer
 * for its own key from the hub's pack. Either way the signer is then trusted
 * and the pack imports as any trusted pack, with its certificate fields.
 */
export async function trustByPackEnrolment(ctx: PackCertificatesContext, manifest: Manifest, manifestBytes: Buffer, sig: Signature | null): Promise<void> {
  if (sig === null || sig.publicKey === ctx.key.publicKey || isTrustedKey(ctx.db, sig.publicKey) || !verifyBytes(manifestBytes, sig)) return;
  if (manifest.enrolment && manifest.enrolment.signature.publicKey === sig.publicKey && tokenHubOf(manifest.enrolment.payload) === ctx.key.keyId) {
    redeemEnrolment(ctx.db, { key: ctx.key, domain: ctx.hubCertificates?.domain ?? null }, manifest.enrolment);
    return;
  }
  const token = ctx.enrolmentToken ? parseEnrolmentToken(ctx.enrolmentToken) : null;
  const answer = manifest.enrolmentAnswers?.find((a) => a.kitKeyId === ctx.key.keyId && a.hubPublicKey === sig.publicKey);
  if (token && answer) await trustEnrolledHub(ctx, token, answer);
}

/** The hub key id named by the token in an enrolment's payload: only that hub redeems it (another kit imports the pack as before). */
function tokenHubOf(payload: string): string | null {
  try {
    const { token } = JSON.parse(payload) as { token?: unknown };
    return typeof token === 'string' ? (parseEnrolmentToken(token)?.hubKeyId ?? null) : null;
  } catch {
    return null;
  }
}
