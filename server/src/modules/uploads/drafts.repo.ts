import type { Db } from '../../db/connection.ts';


export function findImageMedia(db: Db, sha256: string): { sha256: string; ext: string; width: number | null; height: number | null } | undefined {
  return db
    .prepare<[string], { sha256: string; ext: string; width: number | null; height: number | null }>('SELECT sha256, ext, width, height FROM media WHERE sha256 = ?')
    .get(sha256);
}
