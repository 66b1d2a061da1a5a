/**
 * Bench-only, loaded into the real server with `node --import` (the server's
 * code is untouched): measures the event loop's delay with perf_hooks and, on
 * SIGUSR2, writes {p50, p99, max} in ms since the last signal, and the V8
 * heap's limit and present sizes in bytes (so a run shows which heap sizing
 * it had), to the file named by BENCH_LOOP_FILE, then starts a new window.
 * Without that variable it does nothing. Plain JavaScript, like the server it
 * goes into: a TypeScript probe would load Node's type stripper into it.
 */
import fs from 'node:fs';
import process from 'node:process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';

const out = process.env.BENCH_LOOP_FILE;
if (out) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  process.on('SIGUSR2', () => {
    const ms = (/** @type {number} */ ns) => ns / 1e6;
    const memory = process.memoryUsage();
    const newSpace = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    const heap = { limit: v8.getHeapStatistics().heap_size_limit, total: memory.heapTotal, used: memory.heapUsed, newSpace: newSpace?.space_size ?? null, external: memory.external, arrayBuffers: memory.arrayBuffers };
    fs.writeFileSync(`${out}.tmp`, JSON.stringify({ p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), heap }));
    fs.renameSync(`${out}.tmp`, out);
    histogram.reset();
  });
}
