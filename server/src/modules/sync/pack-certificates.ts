import { readEnrolment } from '../device/device.certificate.ts';
import type { HubCertificates } from './certificates-hub.ts';
import { applyAnswer, type KitCertificatesContext } from './certificates-kit.ts';
import type { Manifest } from './pack-format.ts';
import { keyIdOf } from './sync-keys.ts';

/** What an import needs to act on a pack's certificate fields: the kit's enrolment and, on a hub, its issuer. */
export interface PackCertificatesContext extends KitCertificatesContext {
  hubCertificates: HubCertificates | null;
  /** the hub's upload address (hub-settings.ts): a kit that reports to a hub enrols with the one that answers there */
  uploadUrl: string | null;
}

/**
 * Certificates by USB (docs/HTTPS.md), after a pack signed by a TRUSTED key
 * (never one the admin merely accepted) was imported: a hub takes the kit's
 * request the first time that pack is imported (the order runs in the
 * background, paced per kit; the answer goes in the hub's next export), a
 * kit applies the hub's answer for its own key (if the signer is the hub it
 * enrolled with: applyAnswer). Neither fails the import: a bad answer is the
 * kit's last certificate error.
 */
export async function receivePackCertificates(ctx: PackCertificatesContext, manifest: Manifest, signerPublicKey: string, firstImport: boolean): Promise<void> {
  const signer = keyIdOf(signerPublicKey);
  if (manifest.certificateRequest && ctx.hubCertificates && signer !== ctx.key.keyId && firstImport) {
    const kit = { keyId: signer, publicKey: signerPublicKey, kitName: manifest.source.kit };
    await ctx.hubCertificates.handle(kit, manifest.certificateRequest, 0).catch((error: unknown) => {
      ctx.log.error({ err: error, keyId: signer }, 'certificados: la solicitud de un paquete no se pudo atender');
    });
  }
  const mine = manifest.certificates?.find((answer) => answer.kitKeyId === ctx.key.keyId);
  if (!mine || signer === ctx.key.keyId) return;
  // A kit that reports to a hub (an address its admin set) enrols through those reports, never with whoever's pack comes first.
  if (ctx.uploadUrl !== null && !readEnrolment(ctx.dataDir)?.hubKeyId) {
    ctx.log.info({ keyId: signer }, 'certificados: respuesta en un paquete antes de inscribirse con el centro de sus informes; no se aplica');
    return;
  }
  await applyAnswer(ctx, mine, signer);
}
