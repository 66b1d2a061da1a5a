import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface KitScripts {
  /** the folder to give the server as KIT_SCRIPTS_DIR */
  dir: string;
  /** every call but the status reads, in order: [script, ...argv] */
  actions: () => string[][];
  remove: () => void;
}

/**
 * Stand-ins for scripts/kit-power, kit-hotspot and kit-clock: real
 * executables the server spawns like the real ones. Each appends its name and
 * argv, tab-separated, to a record file. kit-hotspot keeps a pretend state,
 * so the page sees the Wi-Fi go off and on (`status` prints it).
 */
export function kitScripts(): KitScripts {
  const dir = mkdtempSync(path.join(tmpdir(), 'kit-e2e-scripts-'));
  const record = path.join(dir, 'calls');
  const state = path.join(dir, 'hotspot-state');
  writeFileSync(state, 'active\n');
  const common = `#!/bin/sh\nname=\${0##*/}\n[ "$1" = status ] || (IFS='\t'; printf '%s\\n' "$name\t$*") >>'${record}'\n`;
  const hotspot = `case "$1" in\n  on) echo active >'${state}' ;;\n  off) echo inactive >'${state}' ;;\n  status) cat '${state}' ;;\nesac\n`;
  writeFileSync(path.join(dir, 'kit-power'), `${common}exit 0\n`, { mode: 0o755 });
  writeFileSync(path.join(dir, 'kit-clock'), `${common}exit 0\n`, { mode: 0o755 });
  writeFileSync(path.join(dir, 'kit-hotspot'), `${common}${hotspot}exit 0\n`, { mode: 0o755 });
  return {
    dir,
    actions: () =>
      existsSync(record)
        ? readFileSync(record, 'utf8').split('\n').filter(Boolean).map((line) => line.split('\t'))
        : [],
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
