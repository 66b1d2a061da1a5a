import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponses, StorageSchema, UsageReportQuerySchema } from '@kit/contract';
import { Type } from 'typebox';
import { requireAdmin } from '../../access/guards.ts';
import { attachment } from './csv.ts';
import { storageUse, usageCsv, usersCsv } from './reports.service.ts';

const admin = { onRequest: requireAdmin, config: { admin: true } } as const;

/** Admin data: usage reports and the users list as CSV, and storage use (/admin/data). */
export const reportsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/v2/admin/reports/usage.csv', { ...admin, schema: { querystring: UsageReportQuerySchema, response: { 200: Type.String(), ...ErrorResponses } } }, async (request, reply) => {
    const { csv, fileName } = usageCsv(app.db, request.query, new Date());
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', attachment(fileName))
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.get('/v2/admin/users.csv', { ...admin, schema: { response: { 200: Type.String(), ...ErrorResponses } } }, async (_request, reply) =>
    reply.type('text/csv; charset=utf-8').header('content-disposition', attachment('usuarios.csv')).header('cache-control', 'no-store').send(usersCsv(app.db)),
  );

  app.get('/v2/admin/storage', { ...admin, schema: { response: { 200: StorageSchema, ...ErrorResponses } } }, async () => storageUse(app.db, app.config.dataDir));
};
