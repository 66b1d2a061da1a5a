import { Type, type Static } from 'typebox';

/*
 * What a kit and a hub that issues certificates say to each other
 * (docs/HTTPS.md). The kit's request rides in its signed report (or, by USB,
 * in the manifest of a pack it exports); the hub's answer comes back signed
 * by the hub, in the report's answer (or in a pack the hub exports). Both
 * are optional fields: a kit or hub that knows nothing of them ignores them.
 */

/** One DNS label: what a kit's name under the hub's domain starts with. */
const LABEL = '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$';
const PEM_REQUEST_MAX = 16 * 1024;

export const CertificateRequestSchema = Type.Object({
  /** the kit's own choice of label (its kit_name made a DNS label); the hub keeps the first label of a kit_name under its domain instead (labelToBind), and adds to it if another kit has it */
  label: Type.String({ pattern: LABEL }),
  /** PKCS#10 request (PEM) for the one name the hub gave this kit; null while the kit does not know it yet */
  csr: Type.Union([Type.String({ minLength: 1, maxLength: PEM_REQUEST_MAX }), Type.Null()]),
});
export type CertificateRequest = Static<typeof CertificateRequestSchema>;

export const ANSWER_STATES = ['name-needed', 'pending', 'issued', 'failed'] as const;
export type AnswerState = (typeof ANSWER_STATES)[number];

export const CertificateAnswerSchema = Type.Object({
  format: Type.Literal(1),
  /** the kit the answer is for: a kit applies only its own */
  kitKeyId: Type.String({ pattern: '^[0-9a-f]{16}$' }),
  domain: Type.String({ maxLength: 253 }),
  /** the kit's one name, bound to it on the hub */
  name: Type.String({ maxLength: 253 }),
  /** name-needed: ask again with a request for `name`; pending: being issued, ask again at the next sync */
  state: Type.Union([Type.Literal('name-needed'), Type.Literal('pending'), Type.Literal('issued'), Type.Literal('failed')]),
  /** issued: the certificate, then its intermediates (PEM) */
  chain: Type.Union([Type.String({ maxLength: 64 * 1024 }), Type.Null()]),
  /** failed: why, in Spanish, without what only the hub's admins should see */
  error: Type.Union([Type.Object({ code: Type.String({ maxLength: 64 }), message: Type.String({ maxLength: 1000 }) }), Type.Null()]),
  at: Type.String({ maxLength: 40 }),
});
export type CertificateAnswer = Static<typeof CertificateAnswerSchema>;

/**
 * The label a kit asks for, from its kit_name: a name already one label
 * under the hub's domain is kept (kit-07 of kit-07.kits.example.org);
 * anything else becomes one label (biblioteca.aldea → biblioteca-aldea).
 */
export function labelFor(kitName: string, domain: string | null): string {
  const name = kitName.toLowerCase();
  if (domain !== null && name.endsWith(`.${domain}`)) {
    const head = name.slice(0, -domain.length - 1);
    if (new RegExp(LABEL).test(head)) return head;
  }
  const label = name
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 63)
    .replace(/^-+|-+$/g, '');
  return label || 'kit';
}

/**
 * The label a hub binds a kit to, where it knows its domain: the first label
 * of a kit_name already one label under it (the name phones are told to
 * open), else the label the kit asked for (its kit_name flattened).
 */
export function labelToBind(kitName: string, requested: string, domain: string): string {
  return isNameUnder(kitName.toLowerCase(), domain) ? labelFor(kitName, domain) : requested;
}

/** Whether NAME is exactly one label under DOMAIN: the only shape of name a hub gives a kit. */
export function isNameUnder(name: string, domain: string): boolean {
  return domain.includes('.') && name.endsWith(`.${domain}`) && new RegExp(LABEL).test(name.slice(0, -domain.length - 1));
}
