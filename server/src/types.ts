import type { Config } from './config.ts';
import type { Db } from './db/connection.ts';
import type { CountOnce } from './modules/counters/count-once.ts';
import type { RenditionQueue } from './modules/renditions/queue.ts';
import type { ViewCounts } from './modules/resources/view-counts.ts';
import type { Viewer } from './access/viewer.ts';

/** What app.ts decorates the Fastify instance and every request with (app.ts imports this file for it). */
declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Readonly<Config>;
    appVersion: string;
    /** resource page views, written in batches */
    viewCounts: ViewCounts;
    /** views, profile views and downloads: once per viewer per thing per day */
    counters: CountOnce;
    /** the background queue of phone copies (modules/renditions/queue.ts) */
    renditions: RenditionQueue;
    /** compiles now every route's schemas not used yet (they compile on first use: http/lazy-schemas.ts) */
    compileAllSchemas: () => void;
  }
  interface FastifyRequest {
    viewer: Viewer | null;
    /** the verified token's id and expiry (for logout), and the login it came from (for the password change) */
    tokenClaims: { jti: string; exp: number; authTime: number; temporaryLogin: boolean } | null;
    /** a token was sent but refused (expired, logged out, tampered) */
    tokenRejected?: boolean;
  }
}
