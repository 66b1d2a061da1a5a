import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { describeWait, SlidingWindow, type WindowLimit } from '../access/sliding-window.ts';
import { retryAfterOnError } from '../modules/auth/retry-after.ts';
import { isPrivileged } from '../access/privilege.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface WriteRate {
  /** the routes that spend this budget, as `METHOD /api/path/:param` */
  routes: readonly string[];
  /** per account; set only for writes that need a login (anonymous calls are refused by the route anyway) */
  perUser?: WindowLimit;
  /** per client address, whoever is signed in */
  perAddress: WindowLimit;
  /** the start of the Spanish refusal: "… Espera 3 minutos y vuelve a intentarlo" */
  refusal: string;
}

/**
 * Every write rate of the portal, in one table (login attempts have their own
 * policy in modules/auth/login-throttle.ts).
 *
 * How the numbers were chosen: on a kit every phone gets its own address from
 * the kit's DHCP, so a per-address limit meets one phone (a family sharing it,
 * or one phone with many accounts). The same server on a school network may
 * see a classroom behind one NAT router, so every per-address limit leaves
 * room for about forty people sharing an address: a class registering in one
 * lesson (60 accounts an hour) or commenting at once. Per-user limits are a
 * few times what a keen person does by hand, and higher than a phone replaying
 * a day's offline backlog from the outbox in one go (which retries a 429 anyway).
 * Admins are exempt: they are few, known, and bulk-edit on purpose.
 */
export const WRITE_RATES = {
  registrations: {
    routes: ['POST /api/user/create'],
    perAddress: { limit: 60, windowMs: HOUR },
    refusal: 'Se crearon demasiadas cuentas desde esta conexión.',
  },
  comments: {
    routes: ['POST /api/comment/create'],
    // one comment every 20 s for ten minutes is a lively conversation
    perUser: { limit: 30, windowMs: 10 * MINUTE },
    perAddress: { limit: 150, windowMs: 10 * MINUTE },
    refusal: 'Escribiste demasiados comentarios seguidos.',
  },
  reports: {
    routes: ['POST /api/v2/resources/:id/report'],
    perUser: { limit: 20, windowMs: HOUR },
    perAddress: { limit: 100, windowMs: HOUR },
    refusal: 'Enviaste demasiados reportes seguidos.',
  },
  lists: {
    routes: [
      'POST /api/v2/playlists',
      'PUT /api/v2/playlists/:id',
      'DELETE /api/v2/playlists/:id',
      'POST /api/v2/playlists/:id/items',
      'DELETE /api/playlist/:id/:resourceId',
      'PUT /api/v2/resources/:id/favorite',
      'DELETE /api/v2/resources/:id/favorite',
    ],
    // building a list of dozens of resources is one tap each
    perUser: { limit: 300, windowMs: 10 * MINUTE },
    perAddress: { limit: 1000, windowMs: 10 * MINUTE },
    refusal: 'Hiciste demasiados cambios en tus listas seguidos.',
  },
  uploads: {
    // every door where a user's bytes start: a draft, a resumable upload, a one-shot file, a picture
    routes: [
      'POST /api/v2/resources',
      'POST /api/uploads',
      'POST /api/v2/resources/:id/file',
      'POST /api/v2/resources/:id/cover',
      'POST /api/v2/users/:userId/profile/image',
      'POST /api/v2/ads/:id/image',
    ],
    // a photo album of fifty pictures is about a hundred of these (draft + upload each)
    perUser: { limit: 120, windowMs: HOUR },
    perAddress: { limit: 400, windowMs: HOUR },
    refusal: 'Subiste demasiados archivos seguidos.',
  },
  contact: {
    routes: ['POST /api/v2/contact'],
    // enough for a person, too few to fill the admins' inbox (or the SD card)
    perAddress: { limit: 5, windowMs: 10 * MINUTE },
    refusal: 'Enviaste demasiados mensajes seguidos.',
  },
  hubReports: {
    // kits' reports to this server as a hub (and their enrolments), and the ones phones carry: a phone on mobile data shares its
    // address with a whole town behind the carrier's NAT, and a kit posts one or two per sync
    routes: ['POST /api/v2/sync/reports', 'POST /api/v2/sync/enrol'],
    perAddress: { limit: 120, windowMs: 10 * MINUTE },
    refusal: 'Llegaron demasiados informes desde esta conexión.',
  },
  courierAnswers: {
    // a phone brings back at most one answer each time it opens the app on the kit
    routes: ['POST /api/v2/sync/courier'],
    perAddress: { limit: 30, windowMs: 10 * MINUTE },
    refusal: 'Llegaron demasiadas respuestas del centro desde este teléfono.',
  },
  clockHints: {
    routes: ['POST /api/v2/clock/hint'],
    // the web app sends one per start: a phone opening the portal a few times; one address cannot outvote the others
    perAddress: { limit: 10, windowMs: 10 * MINUTE },
    refusal: 'Este teléfono ya envió su hora varias veces.',
  },
} as const satisfies Record<string, WriteRate>;

export type WriteAction = keyof typeof WRITE_RATES;

interface Budget {
  action: WriteAction;
  rate: WriteRate;
  users: SlidingWindow | null;
  addresses: SlidingWindow;
}

/**
 * The write budgets of one running server (in memory: a restart gives
 * everyone a fresh window, which only lets a flood start over once).
 */
export class WriteRates {
  readonly #byRoute = new Map<string, Budget>();

  constructor(table: Record<string, WriteRate> = WRITE_RATES, now: () => number = Date.now) {
    for (const [action, rate] of Object.entries(table)) {
      const budget: Budget = {
        action: action as WriteAction,
        rate,
        users: rate.perUser ? new SlidingWindow(rate.perUser, now) : null,
        addresses: new SlidingWindow(rate.perAddress, now),
      };
      for (const route of rate.routes) this.#byRoute.set(route, budget);
    }
  }

  /** Every route the table names (a test checks they all exist). */
  routes(): string[] {
    return [...this.#byRoute.keys()];
  }

  /**
   * Spends one write of ROUTE's budget, or throws 429 RATE_LIMITED (with the
   * wait in `data.retryAfterSeconds`, sent as Retry-After too) when either the
   * account's or the address's window is full. Counted before the write
   * runs, whatever its answer: parallel requests cannot all slip through
   * before the first one is counted.
   */
  spend(route: string, userId: number | null, address: string): void {
    const budget = this.#byRoute.get(route);
    if (!budget) return;
    if (budget.users && userId === null) return;
    const userKey = String(userId);
    const userWait = budget.users ? budget.users.retryAfterMs(userKey) : 0;
    const addressWait = budget.addresses.retryAfterMs(address);
    const wait = Math.max(userWait, addressWait);
    if (wait > 0) {
      const retryAfterSeconds = Math.ceil(wait / 1000);
      throw new AppError(
        'RATE_LIMITED',
        { retryAfterSeconds, action: budget.action, scope: userWait >= addressWait ? 'user' : 'address' },
        `${budget.rate.refusal} Espera ${describeWait(retryAfterSeconds)} y vuelve a intentarlo`,
      );
    }
    budget.users?.hit(userKey);
    budget.addresses.hit(address);
  }
}

/** `POST /api/comment/create`: the route as the table names it (HEAD never writes). */
const routeKey = (request: FastifyRequest): string => `${request.method} ${request.routeOptions.url ?? ''}`;

declare module 'fastify' {
  interface FastifyInstance {
    writeRates: WriteRates;
  }
}

/**
 * A global hook: a write the table names is counted once its input passed
 * validation (a form sent back with a mistake costs nothing) and before the
 * route's own checks and handler run, so an upload's bytes are never read
 * past the limit (a multipart body is only read by the handler).
 * Also makes every 429/503 that knows its wait carry Retry-After.
 */
export const registerWriteRates = fp(
  async (app: FastifyInstance) => {
    const rates = new WriteRates();
    app.decorate('writeRates', rates);
    app.addHook('preHandler', async (request) => {
      if (isPrivileged(request.viewer)) return;
      rates.spend(routeKey(request), request.viewer?.id ?? null, request.ip);
    });
    app.addHook('onError', retryAfterOnError);
  },
  { name: 'write-rates', dependencies: ['auth'] },
);
