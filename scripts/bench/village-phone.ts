/**
 * One group of the village part's phones (village.ts), run in the group's
 * network namespace: each phone spends the evening as a villager does, and
 * the group prints what it saw as one line of JSON when the evening ends.
 * The evening is read from VILLAGE_PHONES (a `PhoneGroupJob`).
 *
 * A phone arrives at some moment of the first seconds, types the kit's
 * address (/menu), goes to the library, then until the evening ends: a
 * search, a resource from the last list it saw, a category, the next page
 * of the library, the menu again, with a person's pause after each (a few
 * seconds on a list, longer on a resource). A third of the phones open one
 * of the videos after their first pages and watch it (village-player.ts);
 * one phone sends a large video to the library through the resumable upload
 * API instead (server.ts uploadVideo).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { between, normal, pick, seededRandom, type Random } from '../../fixtures/catalogue/random.ts';
import { uploadVideo } from './server.ts';
import { openCategory, openLibrary, openMenu, openResource, PhoneBrowser, search, type PageTiming } from './village-pages.ts';
import { watch, type Viewing } from './village-player.ts';

export interface PhoneGroupJob {
  base: string;
  /** global indices of this group's phones */
  phones: number[];
  seconds: number;
  /** phones arrive over this many seconds */
  arrivalS: number;
  words: string[];
  firstId: number;
  lastId: number;
  videos: number[];
  copyBits: number;
  /** the phone with this index uploads `upload.bytes` instead of browsing */
  upload: { phone: number; token: string; bytes: number } | null;
  seed: number;
}

export interface PhoneGroupReport {
  pages: PageTiming[];
  /** every answer's ms, by route */
  byRoute: Record<string, number[]>;
  viewings: Viewing[];
  requests: number;
  errors: number;
  bytes: number;
  upload: { bytes: number; seconds: number } | null;
  /** the group's own event loop: a late client would blame the kit for its own delay */
  clientLoopP99Ms: number;
  cpuSeconds: number;
  maxRssMB: number;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
/** A person's pause: log-normal around `median` seconds, never under a second; cut where the evening ends. */
const pause = (rnd: Random, median: number, end: number): Promise<void> => sleep(Math.min(Math.max(0, end - performance.now()), 1000 * Math.max(1, median * Math.exp(0.5 * normal(rnd)))));

async function evening(job: PhoneGroupJob, phone: number, end: number, out: PhoneGroupReport): Promise<void> {
  const rnd = seededRandom(job.seed * 1000 + phone);
  await sleep(rnd() * job.arrivalS * 1000);
  const browser = new PhoneBrowser(job.base);
  const page = (timing: PageTiming): void => void out.pages.push(timing);
  try {
    if (job.upload?.phone === phone) {
      try {
        const up = await uploadVideo(job.base, job.upload.token, job.upload.bytes, 'Fiesta del pueblo', end - performance.now());
        out.upload = { bytes: up.bytes, seconds: up.seconds };
      } catch (error) {
        console.error(`village phone ${phone}: the upload failed: ${(error as Error).message}`);
        out.errors++;
      }
      return;
    }
    page(await openMenu(browser));
    await pause(rnd, 3, end);
    const library = await openLibrary(browser);
    page(library.timing);
    let listed = library.view.resources;
    const categories = library.view.categories;
    const viewer = phone % 3 === 0 && job.videos.length > 0;
    let watched = false;
    let libraryPage = 1;
    while (performance.now() < end) {
      await pause(rnd, 6, end);
      if (performance.now() >= end) break;
      if (viewer && !watched) {
        watched = true;
        const video = await openResource(browser, pick(rnd, job.videos));
        page(video.timing);
        if (video.view.copy) out.viewings.push(await watch(browser, video.view.copy, job.copyBits, between(rnd, 40, 80), end));
        continue;
      }
      const r = rnd();
      if (r < 0.3) {
        const found = await search(browser, pick(rnd, job.words));
        page(found.timing);
        if (found.resources.length > 0) listed = found.resources;
      } else if (r < 0.65) {
        const id = listed.length > 0 ? pick(rnd, listed).id : between(rnd, job.firstId, job.lastId);
        page((await openResource(browser, id)).timing);
        await pause(rnd, 10, end); // reading it
      } else if (r < 0.8 && categories.length > 0) {
        const found = await openCategory(browser, pick(rnd, categories));
        page(found.timing);
        if (found.resources.length > 0) listed = found.resources;
      } else if (r < 0.9) {
        libraryPage++;
        const next = await openLibrary(browser, libraryPage);
        page(next.timing);
        if (next.view.resources.length > 0) listed = next.view.resources;
      } else {
        page(await openMenu(browser));
      }
    }
  } finally {
    out.requests += browser.requests;
    out.errors += browser.errors;
    out.bytes += browser.bytes;
    browser.close();
  }
}

const job = JSON.parse(process.env.VILLAGE_PHONES ?? '') as PhoneGroupJob;
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const out: PhoneGroupReport = { pages: [], byRoute: {}, viewings: [], requests: 0, errors: 0, bytes: 0, upload: null, clientLoopP99Ms: NaN, cpuSeconds: NaN, maxRssMB: NaN };
const end = performance.now() + job.seconds * 1000;
await Promise.all(job.phones.map((p) => evening(job, p, end, out)));
loop.disable();
out.byRoute = Object.fromEntries(PhoneBrowser.byRoute);
const usage = process.resourceUsage();
out.clientLoopP99Ms = loop.percentile(99) / 1e6;
out.cpuSeconds = (usage.userCPUTime + usage.systemCPUTime) / 1e6;
out.maxRssMB = usage.maxRSS / 1024;
process.stdout.write(`${JSON.stringify(out)}\n`);
