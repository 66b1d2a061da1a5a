import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBodySchema, StorageSchema, UsageReportQuerySchema } from '@kit/contract';
import { Type } from 'typebox';
import { AppError } from '../../errors.ts';
import { requireAdmin } from '../../access/guards.ts';
import { dayMinus } from '../../days.ts';
import { attachment, toCsv } from './csv.ts';
import { allUsersForExport, mediaBytesByKind, usageByCategory, usageByDay, usageByResource } from './reports.repo.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };
const admin = { onRequest: requireAdmin, config: { admin: true } } as const;
const GENDERS = ['Femenino', 'Masculino', 'Otros'];

/** Admin data: usage reports and the users list as CSV, and storage use (/admin/data). */
export const reportsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/v2/admin/reports/usage.csv', { ...admin, schema: { querystring: UsageReportQuerySchema, response: { 200: Type.String(), ...errors } } }, async (request, reply) => {
    const today = new Date();
    const to = request.query.to ?? dayMinus(today, 0);
    const from = request.query.from ?? dayMinus(today, 29);
    if (from > to) throw new AppError('VALIDATION', { field: 'querystring.from', reason: 'from después de to' }, 'La fecha inicial debe ser anterior a la final');
    const by = request.query.by ?? 'resource';
    let csv: string;
    if (by === 'day') {
      csv = toCsv(['Día', 'Vistas', 'Descargas'], usageByDay(app.db, from, to).map((r) => [r.day, r.views, r.downloads]));
    } else if (by === 'category') {
      csv = toCsv(['Id', 'Categoría', 'Vistas', 'Descargas'], usageByCategory(app.db, from, to).map((r) => [r.id, r.name ?? 'Sin categoría', r.views, r.downloads]));
    } else {
      csv = toCsv(['Id', 'Recurso', 'Categoría', 'Vistas', 'Descargas'], usageByResource(app.db, from, to).map((r) => [r.id, r.title, r.category ?? '', r.views, r.downloads]));
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', attachment(`uso-${by}-${from}-${to}.csv`))
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.get('/v2/admin/users.csv', { ...admin, schema: { response: { 200: Type.String(), ...errors } } }, async (_request, reply) => {
    const rows = allUsersForExport(app.db).map((u) => [
      u.id, u.user_name, u.name, u.last_name, u.email ?? '', u.gender === null ? '' : (GENDERS[u.gender] ?? ''), u.born_date ?? '',
      u.code_phone ?? '', u.phone_number ?? '', u.is_admin === 1 ? 'sí' : 'no', u.blocked === 1 ? 'sí' : 'no', u.created_at,
    ]);
    const csv = toCsv(['Id', 'Usuario', 'Nombre', 'Apellido', 'Correo', 'Género', 'Fecha de nacimiento', 'Código de país', 'Teléfono', 'Administrador', 'Bloqueado', 'Creado'], rows);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', attachment('usuarios.csv')).header('cache-control', 'no-store').send(csv);
  });

  app.get('/v2/admin/storage', { ...admin, schema: { response: { 200: StorageSchema, ...errors } } }, async () => {
    const stats = await fs.promises.statfs(app.config.dataDir);
    const totalBytes = stats.blocks * stats.bsize;
    const freeBytes = stats.bavail * stats.bsize;
    const media = mediaBytesByKind(app.db);
    let databaseBytes = 0;
    for (const name of ['portal.db', 'portal.db-wal']) {
      try {
        databaseBytes += fs.statSync(path.join(app.config.dataDir, name)).size;
      } catch {
        // absent WAL file
      }
    }
    return { disk: { totalBytes, freeBytes, usedBytes: totalBytes - freeBytes }, media, mediaBytes: media.reduce((s, m) => s + m.bytes, 0), databaseBytes };
  });
};
