import type { Dashboard } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { readCharts, readCounters } from './dashboard.repo.ts';

/** The admins' summary: docs/PRODUCT.md#dashboard counters plus the Resumen page's chart data. */
export function dashboard(db: Db): Dashboard {
  return { ...readCounters(db), charts: readCharts(db) };
}
