import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.ts';
import { lazySchemas } from './lazy-schemas.ts';

/** A server with one route whose query and answer have schemas, compiled the lazy way. */
async function oneRoute(query: object) {
  const schemas = lazySchemas();
  const app = Fastify({
    ajv: { customOptions: { removeAdditional: true, coerceTypes: 'array', useDefaults: true } },
    schemaController: { compilersFactory: schemas.compilersFactory },
  });
  app.get('/sum', {
    schema: { querystring: query, response: { 200: { type: 'object', properties: { total: { type: 'integer' } } } } },
    handler: async (request) => ({ total: (request.query as { a: number; b: number }).a + (request.query as { a: number; b: number }).b, secret: 'x' }),
  });
  await app.ready();
  return { app, compileAll: schemas.compileAll };
}

const numbers = { type: 'object', required: ['a'], properties: { a: { type: 'integer' }, b: { type: 'integer', default: 2 } } };

describe('route schemas compiled on first use', () => {
  it('validate, coerce, fill defaults and shape the answer as compiled ones do', async () => {
    const { app } = await oneRoute(numbers);
    const sum = await app.inject({ url: '/sum?a=40' });
    expect(sum.statusCode).toBe(200);
    expect(sum.json()).toEqual({ total: 42 });
    const bad = await app.inject({ url: '/sum?a=many' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/querystring\/a must be integer/);
    await app.close();
  });

  it('leave a schema that cannot compile to compileAll, which throws, instead of failing the start', async () => {
    const { app, compileAll } = await oneRoute({ type: 'object', properties: { a: { type: 'not-a-type' } } });
    expect(compileAll).toThrow(/not-a-type|type must be/);
    await app.close();
  });

  it('compile, for every route of the portal', async () => {
    const t = await buildTestApp();
    try {
      expect(() => t.app.compileAllSchemas()).not.toThrow();
    } finally {
      await t.close();
    }
  });
});
