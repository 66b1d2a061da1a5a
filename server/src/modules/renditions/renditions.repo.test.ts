import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, contribWorld, files, multipart, sha256, validDraft, type ContribWorld, type Who } from '../../../test/contrib-helper.ts';
import { OWNER_DAY_BUDGET_SECONDS } from './queue.ts';
import { markDone, markRunning, nextPendingJob, queueJob } from './renditions.repo.ts';

/*
 * Which job the only copy worker takes next, on a real database with real
 * uploads (the queue itself is off here: the test picks and marks the jobs).
 */

let w: ContribWorld;
let api: ReturnType<typeof caller>;
let side = 300;

/** A picture upload of `who`, its job queued `minutesAgo` before now. */
async function queued(who: Who, minutesAgo: number): Promise<string> {
  const png = await files.png(side++, 200);
  const created = await api(who, 'POST', '/v2/resources', { payload: validDraft(w, { type: 1 }) });
  const id = created.json().id as number;
  const sent = await api(who, 'POST', `/v2/resources/${id}/file`, multipart([{ name: 'file', filename: 'foto.png', data: png }]));
  expect(sent.statusCode, sent.body).toBe(200);
  const sha = sha256(png);
  expect(queueJob(w.t.app.db, sha)).toBe(true);
  w.t.app.db.prepare("UPDATE rendition_jobs SET queued_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?) WHERE source_sha256 = ?").run(`-${minutesAgo} minutes`, sha);
  return sha;
}

const next = () => nextPendingJob(w.t.app.db, OWNER_DAY_BUDGET_SECONDS)?.source_sha256;
const work = (sha: string) => {
  markRunning(w.t.app.db, sha, `/tmp/rendition-${sha}`);
  markDone(w.t.app.db, sha);
};

beforeAll(async () => {
  w = await contribWorld();
  api = caller(w);
});

afterAll(async () => {
  await w?.t.close();
});

describe('nextPendingJob', () => {
  it('takes turns between owners: one person’s many uploads do not keep another’s waiting behind them all', async () => {
    const mine = [await queued('owner', 50), await queued('owner', 40), await queued('owner', 30)];
    const theirs = await queued('other', 20);
    expect(next()).toBe(mine[0]);
    work(mine[0] as string);
    expect(next()).toBe(theirs);
    work(theirs);
    expect(next()).toBe(mine[1]);
    work(mine[1] as string);
    expect(next()).toBe(mine[2]);
    work(mine[2] as string);
    expect(next()).toBeUndefined();
  });

  it('puts an owner who used the day’s budget of work behind everyone else, even when it would be their turn', async () => {
    const used = await queued('admin', 30);
    work(used);
    // The admin's job ran for longer than the day's budget, long enough ago that round-robin alone would pick them next.
    w.t.app.db
      .prepare("UPDATE rendition_jobs SET started_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?), finished_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 minutes') WHERE source_sha256 = ?")
      .run(`-${OWNER_DAY_BUDGET_SECONDS / 60 + 5} minutes`, used);
    const late = await queued('admin', 10);
    const fresh = await queued('other', 5);
    work(await queued('other', 6));
    expect(next()).toBe(fresh);
    work(fresh);
    expect(next()).toBe(late);
  });
});
