import fs from 'node:fs';
import path from 'node:path';

/*
 * The programs a rendition job runs, found on PATH once: Debian's ffmpeg and
 * ffprobe (scripts/install.sh and the SD image install them), and the
 * wrappers that keep a job polite and bounded: nice (coreutils) and ionice
 * (util-linux) for low CPU and disk priority, timeout (coreutils) so a job's
 * time limit holds even when the server itself was killed mid-job, prlimit
 * (util-linux) for its memory ceiling.
 */

export interface Tools {
  ffmpeg: string | null;
  ffprobe: string | null;
  nice: string | null;
  ionice: string | null;
  timeout: string | null;
  prlimit: string | null;
}

export function findProgram(name: string, searchPath: string = process.env.PATH ?? ''): string | null {
  for (const dir of searchPath.split(path.delimiter)) {
    if (dir === '') continue;
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      if (fs.statSync(file).isFile()) return file;
    } catch {
      // not here
    }
  }
  return null;
}

export function findTools(searchPath?: string): Tools {
  return {
    ffmpeg: findProgram('ffmpeg', searchPath),
    ffprobe: findProgram('ffprobe', searchPath),
    nice: findProgram('nice', searchPath),
    ionice: findProgram('ionice', searchPath),
    timeout: findProgram('timeout', searchPath),
    prlimit: findProgram('prlimit', searchPath),
  };
}
