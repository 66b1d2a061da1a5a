/**
 * Phones carry what the kit cannot send (docs/SYNC.md, "Carried by phones"),
 * with a real hub app ordering from Debian's pebble and a real kit app: a
 * "phone" (plain HTTP, as the web app does it) takes the kit's report, posts
 * it to the hub across origins, and brings the hub's answer back. The kit
 * never calls the hub itself, and still gets its name, then its certificate.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, createUser, login, pollFor, tempDir, type TestApp } from '../../../test/helper.ts';
import { addResource } from '../../../test/library-fixtures.ts';
import { acmeEnv, kitAcmeEnv, startPebble, type Pebble } from '../../../test/pebble.ts';
import { enrolmentFile, readEnrolment, tlsFiles } from '../device/device.certificate.ts';
import type { CertificateAnswer } from './certificate-exchange.ts';
import { seal, type Envelope } from './signed-envelope.ts';
import { loadOrCreateKitKey } from './sync-keys.ts';
import { addTrustedKey, readHubState } from './sync.repo.ts';

// A real CA and DNS on a machine that may be busy: generous limits, never sleeps.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 240_000 });

const DOMAIN = 'kits.test';
const KIT_ORIGIN = 'http://escuela.aldea';
const PRIVATE_REASON = 'Lo retiró la directora: habla de un vecino';

let pebble: Pebble;
let hub: TestApp;
let kit: TestApp;
let hubBase: string;
let adminToken: string;

interface Carried {
  hubUrl: string;
  report: Envelope;
}

/** What a phone opening the app on the kit takes with it. */
async function takeFromKit(address = '10.0.0.21'): Promise<Carried> {
  const res = await kit.app.inject({ method: 'GET', url: '/api/v2/sync/courier', remoteAddress: address });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json();
}

/** The phone, later on the internet: the page on the kit's origin posts the report to the hub, as fetch does across origins. */
async function postToHub(carried: Carried): Promise<{ status: number; headers: Headers; body: { stored?: boolean; certificate?: Envelope; error?: { code: string } } }> {
  const res = await fetch(carried.hubUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: KIT_ORIGIN, 'sec-fetch-site': 'cross-site' },
    body: JSON.stringify(carried.report),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as never };
}

/** Back on the kit's Wi-Fi: the phone hands the kit the hub's answer. */
const bringBack = (answer: unknown, address = '10.0.0.21') => kit.app.inject({ method: 'POST', url: '/api/v2/sync/courier', payload: answer as object, remoteAddress: address });

const stateOf = (envelope: Envelope | undefined) => (envelope ? (JSON.parse(envelope.payload) as CertificateAnswer) : null);
const payloadOf = (carried: Carried) => JSON.parse(carried.report.payload) as { reportId: string; decisions: unknown[]; usage: unknown[]; certificate?: { label: string; csr: string | null } };
const certificateFile = () => (fs.existsSync(tlsFiles(kit.dataDir).cert) ? fs.readFileSync(tlsFiles(kit.dataDir).cert, 'utf8') : null);
const enrolmentText = () => fs.readFileSync(enrolmentFile(kit.dataDir), 'utf8');

beforeAll(async () => {
  pebble = await startPebble({ validitySeconds: 2 * 3600 });
  hub = await buildTestApp(acmeEnv(pebble, DOMAIN));
  hubBase = await hub.app.listen({ host: '127.0.0.1', port: 0 });
  kit = await buildTestApp({ KIT_HOSTNAME: 'escuela.aldea', KIT_SYNC_UPLOAD_URL: `${hubBase}/api/v2/sync/reports`, KIT_SYNC_INTERVAL_HOURS: '0', ...(await kitAcmeEnv(pebble)) });
  const [hubKey, kitKey] = [loadOrCreateKitKey(hub.dataDir), loadOrCreateKitKey(kit.dataDir)];
  addTrustedKey(hub.app.db, { keyId: kitKey.keyId, publicKey: kitKey.publicKey, label: 'Escuela', addedBy: null });
  addTrustedKey(kit.app.db, { keyId: hubKey.keyId, publicKey: hubKey.publicKey, label: 'Centro', addedBy: null });
  // Usage, and a moderation decision whose reason only the hub's own address or a pack may carry.
  const resource = addResource(kit.app.db, { title: 'Cuidado de las alpacas' });
  kit.app.db.prepare('INSERT INTO resource_stats_daily (resource_id, day, views, downloads) VALUES (?, ?, 5, 1)').run(resource, new Date().toISOString().slice(0, 10));
  kit.app.db.prepare("INSERT INTO resource_events (resource_id, action, from_status, to_status, reason) VALUES (?, 'block', 'published', 'blocked', ?)").run(resource, PRIVATE_REASON);
  await createUser(kit.app, 'jefa', 'clave-de-jefa', { admin: true });
  adminToken = (await login(kit.app, 'jefa', 'clave-de-jefa')).token;
});

afterAll(async () => {
  await kit?.close();
  await hub?.close();
  await pebble?.stop();
});

describe('phones carrying reports and answers', () => {
  it('a kit that never reaches its hub gets its name, then its certificate, from what phones carry', async () => {
    const first = await takeFromKit();
    expect(first.hubUrl).toBe(`${hubBase}/api/v2/sync/reports`);
    expect(payloadOf(first)).toMatchObject({ decisions: [], usage: [expect.objectContaining({ views: 5 })], certificate: { label: 'escuela-aldea', csr: null } });
    expect(first.report.payload).not.toContain(PRIVATE_REASON);
    // Many phones take the same report.
    expect((await takeFromKit('10.0.0.22')).report).toEqual(first.report);

    const named = await postToHub(first);
    expect(named).toMatchObject({ status: 201, body: { stored: true } });
    expect(named.headers.get('access-control-allow-origin')).toBe('*');
    expect(named.headers.get('access-control-allow-credentials')).toBeNull();
    expect(stateOf(named.body.certificate)).toMatchObject({ state: 'name-needed', name: `escuela-aldea.${DOMAIN}` });
    // A second phone carrying the same report: not kept again, but answered from the hub's record.
    const again = await postToHub(first);
    expect(again).toMatchObject({ status: 201, body: { stored: false } });
    expect(stateOf(again.body.certificate)).toMatchObject({ state: 'name-needed', name: `escuela-aldea.${DOMAIN}` });

    const took = await bringBack(named.body.certificate);
    expect(took.statusCode, took.body).toBe(200);
    expect(took.json()).toEqual({ state: 'name-needed' });

    // The next phones carry the request for that name.
    const second = await takeFromKit('10.0.0.23');
    expect(payloadOf(second).reportId).not.toBe(payloadOf(first).reportId);
    expect(payloadOf(second).certificate?.csr).toMatch(/BEGIN CERTIFICATE REQUEST/);
    // The hub waits a while for the CA; a phone that posts again is answered from the record until it is issued.
    const issued = await pollFor('the certificate issued', 120, async () => {
      const answer = await postToHub(second);
      expect(answer.status).toBe(201);
      return stateOf(answer.body.certificate)?.state === 'issued' ? answer.body.certificate : null;
    });
    const installed = await bringBack(issued, '10.0.0.23');
    expect(installed.statusCode, installed.body).toBe(200);
    expect(installed.json()).toEqual({ state: 'issued' });
    expect(certificateFile()).toMatch(/BEGIN CERTIFICATE/);
    expect(readEnrolment(kit.dataDir)).toMatchObject({ name: `escuela-aldea.${DOMAIN}`, state: 'issued', lastError: null });

    // The kit itself never reported: both reports the hub holds came by phone.
    expect(readHubState(kit.app.db, 'reported')).toBeNull();
    expect((hub.app.db.prepare('SELECT count(*) AS n FROM hub_reports').get() as { n: number }).n).toBe(2);

    const status = await kit.app.inject({ method: 'GET', url: '/api/v2/admin/sync/status', headers: { authorization: `Bearer ${adminToken}` } });
    expect(status.json().courier).toMatchObject({ takenBy: 1, answeredBy: 2, outcome: { ok: true, state: 'issued', code: null } });
  });

  it('refuses a forged or foreign answer with CERT_ANSWER_INVALID and changes nothing', async () => {
    const [certificate, enrolment] = [certificateFile(), enrolmentText()];
    const hubKey = loadOrCreateKitKey(hub.dataDir);
    const kitKey = loadOrCreateKitKey(kit.dataDir);
    const neighbour = loadOrCreateKitKey(tempDir('kit-courier-neighbour-'));
    addTrustedKey(kit.app.db, { keyId: neighbour.keyId, publicKey: neighbour.publicKey, label: 'Vecino', addedBy: null });
    const answer = (kitKeyId: string, name = `escuela-aldea.${DOMAIN}`): CertificateAnswer => ({ format: 1, kitKeyId, domain: DOMAIN, name, state: 'pending', chain: null, error: null, at: new Date().toISOString() });
    const stranger = loadOrCreateKitKey(tempDir('kit-courier-stranger-'));
    const forged = seal(hubKey, answer(kitKey.keyId));
    const tampered = { ...forged, payload: forged.payload.replace('escuela-aldea', 'otro-nombre') };

    for (const bad of [
      seal(stranger, answer(kitKey.keyId)), // a key the kit does not trust
      seal(neighbour, answer(kitKey.keyId, `vecino.${DOMAIN}`)), // a key it trusts for packs, not its hub
      seal(hubKey, answer('0123456789abcdef')), // its hub's, for another kit
      seal(hubKey, answer(kitKey.keyId, `otro.${DOMAIN}`)), // its hub's, for a name it did not give
      tampered, // not what the hub signed
    ]) {
      const res = await bringBack(bad);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'CERT_ANSWER_INVALID', message: expect.stringMatching(/^La respuesta sobre el certificado no es válida/) });
    }
    expect((await bringBack({ payload: 'x'.repeat(200 * 1024), signature: { keyId: 'a', publicKey: 'b', signature: 'c' } })).statusCode).toBe(413);
    expect(certificateFile()).toBe(certificate);
    expect(enrolmentText()).toBe(enrolment);
    const status = await kit.app.inject({ method: 'GET', url: '/api/v2/admin/sync/status', headers: { authorization: `Bearer ${adminToken}` } });
    expect(status.json().courier.outcome).toMatchObject({ ok: false, code: 'CERT_ANSWER_INVALID' });
  });

  it('several phones carrying one report and a later network report all reach the hub; the kit then hands out a newer one', async () => {
    const carried = await takeFromKit();
    expect(await postToHub(carried)).toMatchObject({ status: 201, body: { stored: true } });
    const started = await kit.app.inject({ method: 'POST', url: '/api/v2/admin/sync/now', headers: { authorization: `Bearer ${adminToken}` }, payload: {} });
    expect(started.statusCode, started.body).toBe(202);
    await pollFor('the network report', 60, () => readHubState(kit.app.db, 'reported'));
    expect((hub.app.db.prepare('SELECT count(*) AS n FROM hub_reports').get() as { n: number }).n).toBe(4);
    // Another phone with the same report, after the network one: answered, not refused as older.
    expect(await postToHub(carried)).toMatchObject({ status: 201, body: { stored: false } });
    expect(payloadOf(await takeFromKit()).reportId).not.toBe(payloadOf(carried).reportId);
  });

  it('the hub answers any origin’s preflight without credentials, and a kit without a hub address has nothing to carry', async () => {
    const preflight = await fetch(`${hubBase}/api/v2/sync/reports`, {
      method: 'OPTIONS',
      headers: { origin: KIT_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(Object.fromEntries(['access-control-allow-origin', 'access-control-allow-methods', 'access-control-allow-headers', 'access-control-allow-credentials'].map((h) => [h, preflight.headers.get(h)]))).toEqual({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'content-type',
      'access-control-allow-credentials': null,
    });
    // A refusal carries the header too, so the page reads its code.
    const refused = await postToHub({ hubUrl: `${hubBase}/api/v2/sync/reports`, report: { payload: '{}', signature: { keyId: 'a', publicKey: 'b', signature: 'c' } } });
    expect(refused).toMatchObject({ status: 400, body: { error: { code: 'HUB_REPORT_INVALID' } } });
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    // The kit's pages may post to that hub, and to no other site.
    const page = await kit.app.inject({ method: 'GET', url: '/api/v2/id/config' });
    expect(page.headers['content-security-policy']).toContain(`connect-src 'self' ${hubBase};`);

    const none = await hub.app.inject({ method: 'GET', url: '/api/v2/sync/courier' });
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toMatchObject({ code: 'SYNC_COURIER_NONE', message: expect.stringMatching(/^Este kit no tiene la dirección de un centro/) });
  });
});
