// Run by node inside the phone's network namespace (hotspot-netns-harness.sh):
// what a phone asks of the kit's DNS and portal. Prints one JSON object.
import { Resolver } from 'node:dns/promises';
import http from 'node:http';

const kitName = process.env.KIT_HOSTNAME ?? 'portal.kit';
const resolver = new Resolver({ timeout: 2000, tries: 1 });
resolver.setServers(['10.42.0.1']);

async function lookup(fn: () => Promise<string[]>): Promise<string[] | string> {
  try {
    return await fn();
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? String(error);
  }
}

function get(host: string, path: string): Promise<{ status: number | undefined; location: string | null; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '10.42.0.1', port: 80, path, headers: { host, accept: 'text/html' } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode, location: res.headers.location ?? null, body }));
    });
    req.on('error', reject);
  });
}

const result = {
  a: {
    [kitName]: await lookup(() => resolver.resolve4(kitName)),
    'connectivitycheck.gstatic.com': await lookup(() => resolver.resolve4('connectivitycheck.gstatic.com')),
    'www.google.com': await lookup(() => resolver.resolve4('www.google.com')),
  },
  aaaa: await lookup(() => resolver.resolve6('www.google.com')),
  probeFirst: await get('connectivitycheck.gstatic.com', '/generate_204'),
  page: (await get(kitName, '/menu')).status,
  probeAfter: await get('connectivitycheck.gstatic.com', '/generate_204'),
  otherHost: await get('www.google.com', '/'),
};
process.stdout.write(`${JSON.stringify(result)}\n`);
