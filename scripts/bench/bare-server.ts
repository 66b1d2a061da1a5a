/**
 * The API baseline: a bare Fastify route per path that answers the bytes the
 * real server gave for it (no database, no schema, no auth), so the gap is what
 * the portal's work costs. Usage: node bare-server.ts <answers.json> <port>.
 */
import fs from 'node:fs';
import Fastify from 'fastify';

const [file, port] = process.argv.slice(2) as [string, string];
const answers = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { type: string; body: string }>;
const app = Fastify({ logger: false, keepAliveTimeout: 72_000 });
for (const [url, answer] of Object.entries(answers)) {
  const body = Buffer.from(answer.body, 'base64');
  app.get(url.split('?')[0] as string, (_req, reply) => reply.type(answer.type).send(body));
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write('ready\n');
