import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../errors.ts';
import { BACKUP_EXTENSION } from './kit-backup.ts';
import { PACK_EXTENSION } from './pack-format.ts';

/**
 * Removable drives the kit sees: mount points under the USB root
 * (KIT_USB_ROOT) in the kernel's mount table. Routes name a drive by its
 * mount point and a pack by its file name, and both are looked up in these
 * lists before any disk access, so no path from a request is ever opened.
 */
export interface DriveFile {
  name: string;
  size: number;
}

export interface Drive {
  path: string;
  label: string;
  freeBytes: number | null;
  packs: DriveFile[];
  backups: DriveFile[];
  /** offline libraries (ZIM files) an admin can bring in as «Biblioteca» resources */
  libraries: DriveFile[];
}

/** Listed by name only; what a file is, its bytes decide when it is brought in. */
const ZIM_EXTENSION = 'zim';

/** Where packs go on a drive, so a kit finds them again. */
export const DRIVE_FOLDER = 'kitportal';

/** /proc/mounts escapes spaces and tabs in octal. */
const unescapeMount = (field: string): string => field.replace(/\\([0-7]{3})/g, (_m, code: string) => String.fromCharCode(Number.parseInt(code, 8)));

export function listDrives(mountsFile: string, usbRoot: string): Drive[] {
  let table: string;
  try {
    table = fs.readFileSync(mountsFile, 'utf8');
  } catch {
    return [];
  }
  const root = path.resolve(usbRoot);
  const points = new Set<string>();
  for (const line of table.split('\n')) {
    const mountPoint = line.split(' ')[1];
    if (!mountPoint) continue;
    const resolved = path.resolve(unescapeMount(mountPoint));
    if (resolved.startsWith(`${root}${path.sep}`)) points.add(resolved);
  }
  return [...points].sort().flatMap((point) => {
    try {
      if (!fs.statSync(point).isDirectory()) return [];
    } catch {
      return [];
    }
    return [
      {
        path: point,
        label: path.basename(point),
        freeBytes: freeBytes(point),
        packs: filesOn(point, PACK_EXTENSION),
        backups: filesOn(point, BACKUP_EXTENSION),
        libraries: filesOn(point, ZIM_EXTENSION),
      },
    ];
  });
}

function freeBytes(dir: string): number | null {
  try {
    const s = fs.statfsSync(dir);
    return s.bavail * s.bsize;
  } catch {
    return null;
  }
}

/** Files with this extension at the drive's root and in its kitportal/ folder. */
function filesOn(drive: string, extension: string): DriveFile[] {
  const found: DriveFile[] = [];
  for (const [prefix, dir] of [['', drive], [`${DRIVE_FOLDER}/`, path.join(drive, DRIVE_FOLDER)]] as const) {
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names.filter((n) => n.endsWith(`.${extension}`)).sort()) {
      try {
        const stat = fs.statSync(path.join(dir, name));
        if (stat.isFile()) found.push({ name: `${prefix}${name}`, size: stat.size });
      } catch {
        // gone between the listing and the stat: the drive was pulled
      }
    }
  }
  return found;
}

export function findDrive(drives: readonly Drive[], drivePath: string): Drive {
  const drive = drives.find((d) => d.path === drivePath);
  if (!drive) throw new AppError('SYNC_DRIVE_NOT_FOUND');
  return drive;
}

const NOT_FOUND = { packs: 'SYNC_PACK_NOT_FOUND', backups: 'BACKUP_NOT_FOUND', libraries: 'SYNC_LIBRARY_NOT_FOUND' } as const;

/** A pack's, backup's or library's full path, only if the drive lists it. */
export function findFileOnDrive(drive: Drive, kind: 'packs' | 'backups' | 'libraries', name: string): { file: string; size: number } {
  const found = drive[kind].find((p) => p.name === name);
  if (!found) throw new AppError(NOT_FOUND[kind]);
  return { file: path.join(drive.path, ...found.name.split('/')), size: found.size };
}
