import type { onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';
import { addRouteOnRequest } from './route-hooks.ts';
import { isApiPath, isApiRoute, type NotFoundHooks } from './routed-path.ts';

/** Addresses counted at once; past this (a flood from many addresses) new ones share one count. */
const MAX_ADDRESSES = 100_000;
const OVERFLOW = '(many addresses)';
const WINDOW_MS = 60_000;
const UPPER = /[A-Z]/;

/**
 * Requests per address in fixed one-minute windows, kept in this instance's memory (as the
 * plugin it replaces did; the code-sending caps shared by every instance live in the database).
 *
 * One map from address to count: a request of an address already seen this minute reads and
 * writes a number in place and allocates nothing; the map is emptied when the minute turns.
 * As with any window of a minute, an address may spend its cap at a window's end and again
 * at the next one's start.
 */
export class RateWindow {
  private counts = new Map<string, number>();
  private ends = 0;

  constructor(
    readonly max: number,
    private readonly windowMs = WINDOW_MS,
  ) {}

  /** Counts a request; the milliseconds until the window ends when the address is over the cap, else 0. */
  hit(address: string, now: number): number {
    if (now >= this.ends) {
      this.counts.clear();
      this.ends = now - (now % this.windowMs) + this.windowMs;
    }
    let key = address;
    let n = this.counts.get(key);
    if (n === undefined && this.counts.size >= MAX_ADDRESSES) {
      key = OVERFLOW;
      n = this.counts.get(key);
    }
    n = (n ?? 0) + 1;
    this.counts.set(key, n);
    return n > this.max ? this.ends - now : 0;
  }

  get size(): number {
    return this.counts.size;
  }
}

/**
 * The per-address cap on the API. Only the API is limited: a page's static files must never be
 * refused, and a campus behind one NAT address is many students (the code-sending caps are per
 * mobile). Past the cap: 429 with the message of http.tooMany and Retry-After in seconds.
 *
 * Which requests are the API's is decided on the path as routed (routed-path.ts): the limit is a
 * hook of the API's routes alone, attached as each is registered, and of the not-found answers
 * whose path the router read as under /api/; however a path is escaped, if it reaches the API it
 * is counted.
 */
export const rateLimitPlugin = fp(
  async (app, opts: { max: number; notFound: NotFoundHooks }) => {
    const window = new RateWindow(opts.max);
    const limit: onRequestHookHandler = (req, reply, done) => {
      // A client that hung up before this hook has no address left. IPv6 in one case only.
      const ip = req.ip ?? 'gone';
      const wait = window.hit(UPPER.test(ip) ? ip.toLowerCase() : ip, Date.now());
      if (wait === 0) return done();
      reply.header('retry-after', String(Math.ceil(wait / 1000)));
      done(new AppError(429, 'http.tooMany'));
    };
    app.addHook('onRoute', (r) => {
      if (isApiRoute(r)) addRouteOnRequest(r, limit);
    });
    opts.notFound.push((req, reply, done) => (isApiPath(req.url) ? limit.call(app, req, reply, done) : done()));
  },
  { name: 'rate-limit' },
);
