import type { Db } from '../../db/connection.ts';

export type PackageKind = 'app' | 'browser';

/** A download_packages row with its stored file's facts. */
export interface DbPackage {
  id: number;
  kind: PackageKind;
  name: string;
  version: string;
  notes: string;
  media_sha256: string;
  file_name: string;
  downloads: number;
  created_at: string;
  ext: string;
  mime: string;
  size: number;
}

const PACKAGE_SELECT = `
  SELECT p.id, p.kind, p.name, p.version, p.notes, p.media_sha256, p.file_name, p.downloads, p.created_at, m.ext, m.mime, m.size
  FROM download_packages p JOIN media m ON m.sha256 = p.media_sha256`;

export function findPackage(db: Db, id: number, kind: PackageKind): DbPackage | undefined {
  return db.prepare<[number, string], DbPackage>(`${PACKAGE_SELECT} WHERE p.id = ? AND p.kind = ?`).get(id, kind);
}

export function findPackages(db: Db, kind: PackageKind): DbPackage[] {
  return db.prepare<[string], DbPackage>(`${PACKAGE_SELECT} WHERE p.kind = ? ORDER BY p.name, p.created_at DESC`).all(kind);
}

export interface NewPackage {
  kind: PackageKind;
  name: string;
  version: string;
  notes: string;
  sha256: string;
  fileName: string;
}

export function insertPackage(db: Db, pkg: NewPackage): number {
  const result = db
    .prepare('INSERT INTO download_packages (kind, name, version, notes, media_sha256, file_name) VALUES (@kind, @name, @version, @notes, @sha256, @fileName)')
    .run(pkg);
  return Number(result.lastInsertRowid);
}

export function deletePackage(db: Db, id: number, kind: PackageKind): boolean {
  return db.prepare('DELETE FROM download_packages WHERE id = ? AND kind = ?').run(id, kind).changes > 0;
}

export function countPackageDownload(db: Db, id: number): void {
  db.prepare('UPDATE download_packages SET downloads = downloads + 1 WHERE id = ?').run(id);
}
