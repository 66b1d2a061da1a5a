import fs from 'node:fs';
import type { FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { AppError } from './errors.ts';

/*
 * The data disk's free space, checked in one place. Every door through which
 * bytes reach the data disk (uploads, covers, pictures, ads, banners,
 * packages, pack imports, hub pulls, backups, restores) calls ensureDiskSpace
 * before it starts, and refuses when what it brings would eat into the
 * reserve (KIT_DISK_RESERVE_MB, docs/CONFIG.md). The reserve is what lets
 * SQLite keep committing (a login, a comment, a moderation decision) and an
 * admin get in to free space when the disk is otherwise full. A write that
 * finds the disk full anyway (another door filled it meanwhile) fails with
 * the same DISK_FULL (isDiskFullError), never a 500.
 */

export type DiskRoom = Pick<Config, 'dataDir' | 'diskReserveBytes'>;

export interface DiskState {
  totalBytes: number;
  /** free for the server's user (statfs bavail), the reserve included */
  freeBytes: number;
  usedBytes: number;
  reserveBytes: number;
  /** less free than the reserve: every door refuses */
  full: boolean;
}

export function diskState(room: DiskRoom): DiskState {
  const stats = fs.statfsSync(room.dataDir);
  const totalBytes = stats.blocks * stats.bsize;
  const freeBytes = stats.bavail * stats.bsize;
  // "Used" as df counts it: what is not free for anybody.
  const usedBytes = totalBytes - stats.bfree * stats.bsize;
  return { totalBytes, freeBytes, usedBytes, reserveBytes: room.diskReserveBytes, full: freeBytes < room.diskReserveBytes };
}

/**
 * Refuses with 507 DISK_FULL unless `bytes` fit on the data disk with the
 * reserve still free; `data` goes with the refusal (an upload's offset).
 */
export function ensureDiskSpace(room: DiskRoom, bytes = 0, data: Record<string, unknown> = {}): void {
  const { freeBytes } = diskState(room);
  if (freeBytes < bytes + room.diskReserveBytes) throw new AppError('DISK_FULL', { neededBytes: bytes, ...data });
}

/** ensureDiskSpace for a request whose body is the bytes to store (as its Content-Length announces them). */
export function ensureDiskSpaceForBody(request: FastifyRequest): void {
  const announced = Number(request.headers['content-length']);
  ensureDiskSpace(request.server.config, Number.isSafeInteger(announced) && announced > 0 ? announced : 0);
}

/** The codes a write gets when the disk (or the user's share of it) is full: from the file system, or from SQLite. */
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);

export function isDiskFullError(error: unknown): boolean {
  if (error instanceof AppError) return error.code === 'DISK_FULL';
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && FULL_CODES.has(code);
}

/** The error a caller throws on: DISK_FULL for a write the full disk cut, the error itself otherwise. */
export function asDiskFull(error: unknown): unknown {
  return isDiskFullError(error) && !(error instanceof AppError) ? new AppError('DISK_FULL') : error;
}
