import type { Config } from './config.ts';
import type { Db } from './db/connection.ts';

/** Who is calling, once the auth plugin has checked the token; null for anonymous visitors. */
export interface Viewer {
  id: number;
  isAdmin: boolean;
  user_name: string;
  roleId: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Readonly<Config>;
    appVersion: string;
  }
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}
