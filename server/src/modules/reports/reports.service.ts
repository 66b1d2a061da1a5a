import fs from 'node:fs';
import path from 'node:path';
import type { Storage, UsageReportQuery } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { dayMinus } from '../../days.ts';
import { AppError } from '../../errors.ts';
import { toCsv } from './csv.ts';
import { allUsersForExport, mediaBytesByKind, usageByCategory, usageByDay, usageByResource } from './reports.repo.ts';

const GENDERS = ['Femenino', 'Masculino', 'Otros'];

/** A usage report as CSV, by day, category or resource (absent: the last 30 days by resource), and its file name. */
export function usageCsv(db: Db, query: UsageReportQuery, today: Date): { csv: string; fileName: string } {
  const to = query.to ?? dayMinus(today, 0);
  const from = query.from ?? dayMinus(today, 29);
  if (from > to) throw new AppError('VALIDATION', { field: 'querystring.from', reason: 'from después de to' }, 'La fecha inicial debe ser anterior a la final');
  const by = query.by ?? 'resource';
  let csv: string;
  if (by === 'day') {
    csv = toCsv(['Día', 'Vistas', 'Descargas'], usageByDay(db, from, to).map((r) => [r.day, r.views, r.downloads]));
  } else if (by === 'category') {
    csv = toCsv(['Id', 'Categoría', 'Vistas', 'Descargas'], usageByCategory(db, from, to).map((r) => [r.id, r.name ?? 'Sin categoría', r.views, r.downloads]));
  } else {
    csv = toCsv(['Id', 'Recurso', 'Categoría', 'Vistas', 'Descargas'], usageByResource(db, from, to).map((r) => [r.id, r.title, r.category ?? '', r.views, r.downloads]));
  }
  return { csv, fileName: `uso-${by}-${from}-${to}.csv` };
}

/** Every account as CSV, for the admins' own records. */
export function usersCsv(db: Db): string {
  const rows = allUsersForExport(db).map((u) => [
    u.id, u.user_name, u.name, u.last_name, u.email ?? '', u.gender === null ? '' : (GENDERS[u.gender] ?? ''), u.born_date ?? '',
    u.code_phone ?? '', u.phone_number ?? '', u.is_admin === 1 ? 'sí' : 'no', u.blocked === 1 ? 'sí' : 'no', u.created_at,
  ]);
  return toCsv(['Id', 'Usuario', 'Nombre', 'Apellido', 'Correo', 'Género', 'Fecha de nacimiento', 'Código de país', 'Teléfono', 'Administrador', 'Bloqueado', 'Creado'], rows);
}

/** The data disk: its size and room, the library's files by kind, and the database. */
export async function storageUse(db: Db, dataDir: string): Promise<Storage> {
  const stats = await fs.promises.statfs(dataDir);
  const totalBytes = stats.blocks * stats.bsize;
  const freeBytes = stats.bavail * stats.bsize;
  const media = mediaBytesByKind(db);
  let databaseBytes = 0;
  for (const name of ['portal.db', 'portal.db-wal']) {
    try {
      databaseBytes += fs.statSync(path.join(dataDir, name)).size;
    } catch {
      // absent WAL file
    }
  }
  return { disk: { totalBytes, freeBytes, usedBytes: totalBytes - freeBytes }, media, mediaBytes: media.reduce((s, m) => s + m.bytes, 0), databaseBytes };
}
