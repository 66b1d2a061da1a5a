/**
 * The server's memory with the V8 heap of a 1 GB Raspberry Pi: the same
 * server on the same data, started again with the heap limits V8 would pick
 * on that Pi (set by flags) followed by the node flags kit-portal.service
 * adds (as on the kit, they override V8's choice), idle, then under the load
 * part's crowd and upload, beside the same figures with this machine's own
 * sizing.
 *
 * How V8 sizes its heap (docs/PERFORMANCE.md, "What it measures", has the
 * sources): Node hands V8 the machine's memory, or its cgroup's limit when
 * lower; V8 gives the old generation half of it on a 64-bit build (at most
 * 4096 MB) and each of the young generation's semi-spaces 1/32 of that,
 * rounded up to a power of two and capped at 64 MB (1/256 and at least 1 MB
 * when the old generation is 256 MB or less).
 */
import { crowdAndUpload, mb, reportLoad, type Browsable, type LoadFigures } from './load.ts';
import { reach } from './goals.ts';
import { loginAdmin, startServer, type BenchServer } from './server.ts';
import { SETTINGS } from './settings.ts';
import { results, rows } from './table.ts';

export function v8HeapFor(memoryMB: number): { oldSpaceMB: number; semiSpaceMB: number; flags: string[] } {
  const oldSpaceMB = Math.min(4096, Math.floor(memoryMB / 2));
  const semi = oldSpaceMB / (oldSpaceMB <= 256 ? 256 : 32);
  const semiSpaceMB = Math.min(64, Math.max(1, 2 ** Math.ceil(Math.log2(semi))));
  return { oldSpaceMB, semiSpaceMB, flags: [`--max-old-space-size=${oldSpaceMB}`, `--max-semi-space-size=${semiSpaceMB}`] };
}

/** RSS once the start-up's garbage has had a few seconds to be collected. */
export async function idleRss(server: BenchServer): Promise<number> {
  await new Promise((r) => setTimeout(r, 3000));
  return server.rss();
}

export interface ThisMachine { idleRss: number; heapLimit: number; load: LoadFigures | null }

export async function benchMemory(dataDir: string, ids: Browsable, here: ThisMachine | null): Promise<void> {
  const pi = v8HeapFor(SETTINGS.piMemoryMB);
  const server = await startServer(dataDir, { heapFlags: pi.flags });
  const unit = server.nodeFlags.slice(pi.flags.length);
  const heap = `V8 heap of a ${SETTINGS.piMemoryMB} MB Pi: ${pi.flags.join(' ')}${unit.length > 0 ? `, then kit-portal.service's ${unit.join(' ')}` : ''}`;
  try {
    const idle = await idleRss(server);
    const { heap: { limit } } = await server.loopDelay();
    const token = await loginAdmin(server.base);
    const load = await crowdAndUpload(server, token, ids);
    reportLoad(load, heap);
    const hereIdle = here ? mb(here.idleRss) : 'not measured';
    const herePeak = here?.load ? mb(here.load.loaded.rssPeak) : 'not measured';
    rows.push({ figure: `server RSS idle (${heap})`, value: mb(idle), baseline: `this machine's heap ${hereIdle}`, ratio: here ? `${(idle / here.idleRss).toFixed(2)}×` : '' });
    rows.push({ figure: 'V8 heap limit (old space + young generation)', value: `${mb(limit)} on the Pi's sizing`, baseline: here ? `${mb(here.heapLimit)} on this machine's` : '', ratio: '' });
    reach('memory.piIdle', idle / 1024 / 1024, `this machine's heap sizing ${hereIdle}`);
    reach('memory.piPeak', load.loaded.rssPeak / 1024 / 1024, `this machine's heap sizing ${herePeak}; browsing only ${mb(load.alone.rssPeak)}`);
    results.memory = { piMemoryMB: SETTINGS.piMemoryMB, flags: server.nodeFlags, heapLimit: limit, idleRss: idle, load, thisMachine: here };
  } finally {
    await server.stop();
  }
}
