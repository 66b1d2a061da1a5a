import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import type { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';

/*
 * Debian's pebble (an ACME server for tests) and pebble-challtestsrv (its
 * DNS), on free loopback ports with a config of their own: what a hub talks
 * to in the certificate tests, in place of Let's Encrypt and a DNS provider.
 * The DNS hook the hub runs sets the TXT records through challtestsrv's
 * management API, as a real hook would through its provider's.
 */

export const PEBBLE = ['/usr/bin/pebble', '/usr/sbin/pebble'].find((p) => fs.existsSync(p)) ?? null;
export const CHALLTESTSRV = ['/usr/bin/pebble-challtestsrv', '/usr/sbin/pebble-challtestsrv'].find((p) => fs.existsSync(p)) ?? null;
export const CURL = ['/usr/bin/curl', '/bin/curl'].find((p) => fs.existsSync(p)) ?? null;
const HAS_PEBBLE = PEBBLE !== null && CHALLTESTSRV !== null && CURL !== null;

export interface Pebble {
  dir: string;
  directoryUrl: string;
  /** the CA of pebble's own HTTPS listener: the hub's KIT_ACME_CA_FILE */
  caFile: string;
  /** the DNS-01 hook for the hub (KIT_ACME_DNS_HOOK); each call is a line in hookLog */
  hook: string;
  hookLog: string;
  /** while this file exists the hook fails like a provider refusing its token */
  hookFailFlag: string;
  /** the root pebble issues under, from its management interface (what a phone must trust) */
  root: () => Promise<string>;
  /** the intermediate that signs the certificates, which pebble sends with them (not the root) */
  intermediate: () => Promise<string>;
  stop: () => Promise<void>;
}

function freeUdpAndTcpPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function get(url: string, ca: string | undefined): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca, rejectUnauthorized: ca !== undefined, agent: false }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

/** A CA and a certificate for 127.0.0.1/localhost signed by it, for pebble's listener. */
function listenerCertificate(dir: string): { caFile: string; cert: string; key: string } {
  const file = (name: string) => path.join(dir, name);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  execFileSync('openssl', ['req', '-x509', ...ec, '-keyout', file('ca.key'), '-out', file('ca.pem'), '-days', '2', '-subj', '/CN=CA de pruebas ACME', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign'], { stdio: 'pipe' });
  execFileSync('openssl', ['req', '-new', ...ec, '-keyout', file('key.pem'), '-out', file('listener.csr'), '-subj', '/CN=localhost'], { stdio: 'pipe' });
  fs.writeFileSync(file('ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
  execFileSync('openssl', ['x509', '-req', '-in', file('listener.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial', '-days', '2', '-out', file('cert.pem'), '-extfile', file('ext')], { stdio: 'pipe' });
  return { caFile: file('ca.pem'), cert: file('cert.pem'), key: file('key.pem') };
}

/**
 * Starts pebble and challtestsrv. `validitySeconds`: how long pebble's
 * certificates last; `blocklist`: names pebble refuses to issue for (a
 * refused order).
 */
export async function startPebble(opts: { validitySeconds?: number; blocklist?: string[] } = {}): Promise<Pebble> {
  if (!HAS_PEBBLE) throw new Error('pebble, pebble-challtestsrv o curl no están instalados (scripts/ensure-test-tools.sh)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kit-pebble-'));
  const listener = listenerCertificate(dir);
  const [acmePort, managementPort, dnsPort, challPort] = [await freeUdpAndTcpPort(), await freeUdpAndTcpPort(), await freeUdpAndTcpPort(), await freeUdpAndTcpPort()];
  const config = path.join(dir, 'pebble-config.json');
  fs.writeFileSync(
    config,
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${acmePort}`,
        managementListenAddress: `127.0.0.1:${managementPort}`,
        certificate: listener.cert,
        privateKey: listener.key,
        // HTTP-01 and TLS-ALPN-01 are never used (only DNS-01): ports nobody listens on.
        httpPort: 5002,
        tlsPort: 5001,
        ocspResponderURL: '',
        externalAccountBindingRequired: false,
        domainBlocklist: opts.blocklist ?? [],
        certificateValidityPeriod: opts.validitySeconds ?? 7 * 24 * 3600,
      },
    }),
  );
  const hookLog = path.join(dir, 'hook.log');
  const hookFailFlag = path.join(dir, 'hook-fails');
  const hook = path.join(dir, 'dns-hook');
  const management = `http://127.0.0.1:${challPort}`;
  fs.writeFileSync(
    hook,
    `#!/bin/sh
# DNS-01 hook for the tests: challtestsrv plays the DNS provider.
set -eu
printf '%s %s %s\\n' "$1" "$2" "$3" >>'${hookLog}'
if [ -e '${hookFailFlag}' ]; then echo "el proveedor DNS rechazó el token" >&2; exit 3; fi
case $1 in
add) ${CURL} -fsS -X POST -d "{\\"host\\":\\"$2.\\",\\"value\\":\\"$3\\"}" '${management}/set-txt' ;;
remove) ${CURL} -fsS -X POST -d "{\\"host\\":\\"$2.\\"}" '${management}/clear-txt' ;;
*) exit 2 ;;
esac
`,
    { mode: 0o755 },
  );

  const procs: ChildProcess[] = [];
  const logs: string[] = [];
  const keep = (proc: ChildProcess) => {
    procs.push(proc);
    proc.stdout?.on('data', (c: Buffer) => logs.push(c.toString()));
    proc.stderr?.on('data', (c: Buffer) => logs.push(c.toString()));
  };
  keep(spawn(CHALLTESTSRV as string, ['-dns01', `127.0.0.1:${dnsPort}`, '-http01', '', '-https01', '', '-tlsalpn01', '', '-management', `127.0.0.1:${challPort}`, '-defaultIPv6', ''], { stdio: ['ignore', 'pipe', 'pipe'] }));
  // No random validation sleeps; authorisations reused as rarely as pebble allows (one order in a hundred for a name it
  // validated within the hour: its draw is `rand.Intn(100) > percent`), so a test counts challenges only for new names.
  keep(spawn(PEBBLE as string, ['-config', config, '-dnsserver', `127.0.0.1:${dnsPort}`], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PEBBLE_VA_NOSLEEP: '1', PEBBLE_AUTHZREUSE: '0' } }));

  const stop = async () => {
    await Promise.all(
      procs.map(async (proc) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return;
        const exited = new Promise((resolve) => proc.once('exit', resolve));
        proc.kill('SIGKILL');
        await exited;
      }),
    );
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const ca = fs.readFileSync(listener.caFile, 'utf8');
  const directoryUrl = `https://127.0.0.1:${acmePort}/dir`;
  const ready = async () => {
    const [dirAnswer, chall] = await Promise.all([get(directoryUrl, ca).catch(() => null), fetch(`${management}/set-default-ipv4`, { method: 'POST', body: '{"ip":"127.0.0.1"}' }).catch(() => null)]);
    return dirAnswer?.status === 200 && chall?.ok === true;
  };
  // Generous: pebble makes its keys at start, slow on a busy machine.
  for (let i = 0; i < 1200 && !(await ready()); i++) {
    if (procs.some((p) => p.exitCode !== null)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!(await ready())) {
    await stop();
    throw new Error(`pebble no arrancó:\n${logs.join('')}`);
  }
  return {
    dir,
    directoryUrl,
    caFile: listener.caFile,
    hook,
    hookLog,
    hookFailFlag,
    root: async () => (await get(`https://127.0.0.1:${managementPort}/roots/0`, ca)).body,
    intermediate: async () => (await get(`https://127.0.0.1:${managementPort}/intermediates/0`, ca)).body,
    stop,
  };
}

/** The hub's environment for this pebble (docs/CONFIG.md). */
export function acmeEnv(pebble: Pebble, domain: string): Record<string, string> {
  return {
    KIT_ACME_DIRECTORY_URL: pebble.directoryUrl,
    KIT_ACME_EMAIL: 'tecnico@example.org',
    KIT_ACME_DOMAIN: domain,
    KIT_ACME_DNS_HOOK: pebble.hook,
    KIT_ACME_CA_FILE: pebble.caFile,
  };
}

/**
 * A kit's environment for this pebble: the root pebble issues under is its
 * KIT_ACME_CA_FILE, as the public roots are a real kit's, so the kit takes
 * the chains its hub gets from pebble (and no other CA's).
 */
export async function kitAcmeEnv(pebble: Pebble): Promise<Record<string, string>> {
  const file = path.join(pebble.dir, 'issuing-root.pem');
  fs.writeFileSync(file, await pebble.root());
  return { KIT_ACME_CA_FILE: file };
}

/** The TLS handshake a phone makes to NAME at a kit's HTTPS PORT: the chain served, and whether it verifies against CA (undefined: the public roots). */
export function tlsHandshake(port: number, name: string, ca: string | undefined): Promise<{ authorized: boolean; error: string | null; leaf: X509Certificate; issuer: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request({ host: '127.0.0.1', port, path: '/api/health', servername: name, ca, rejectUnauthorized: false, agent: false, headers: { host: name } }, (res) => {
      const socket = res.socket as TLSSocket;
      const peer = socket.getPeerX509Certificate() as X509Certificate;
      res.resume();
      res.on('end', () => resolve({ authorized: socket.authorized, error: socket.authorizationError ? String(socket.authorizationError) : null, leaf: peer, issuer: peer.issuer }));
    });
    req.on('error', reject);
    req.end();
  });
}
