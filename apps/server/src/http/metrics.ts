import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { registry } from '../lib/metrics.ts';

/** Whether an Authorization header carries the bearer token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '');
  const want = Buffer.from(token);
  return given.length === want.length && crypto.timingSafeEqual(given, want);
}

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

interface Series {
  labels: { method: string; route: string; status: string };
  /** Observations per bucket (not cumulative); the last slot is past the largest bound. */
  counts: Float64Array;
  sum: number;
  count: number;
}

/** A route's series by method and status: made once when the route is registered, kept in its config. */
export interface RouteSeries {
  byMethod: Map<string, Map<number, Series>>;
  /** The reset it was filled under; older series are dropped on the next observation. */
  epoch: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's duration series (metricsPlugin). */
    durations?: RouteSeries;
  }
}

/**
 * http_request_duration_seconds by method, route template (never the raw URL, which holds ids and
 * codes) and status, in Prometheus' histogram format. prom-client's Histogram builds a label key
 * string and checks the labels on every observation; here a request finds its series through the
 * route it matched (its config holds them, made when it was registered), the method and the status
 * code, and adds to a few numbers. The text is built
 * only when /metrics is read.
 */
export class RouteDurations {
  readonly name = 'http_request_duration_seconds';
  readonly help = 'HTTP request latency by route and status';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private epoch = 0;
  private all: Series[] = [];

  /** A route's empty series (one per registered route). */
  route(): RouteSeries {
    return { byMethod: new Map(), epoch: this.epoch };
  }

  observe(route: RouteSeries, routeUrl: string, method: string, status: number, seconds: number): void {
    if (route.epoch !== this.epoch) {
      route.byMethod.clear();
      route.epoch = this.epoch;
    }
    const byMethod = route.byMethod;
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let s = byStatus.get(status);
    if (!s) {
      s = {
        labels: { method, route: routeUrl, status: String(status) },
        counts: new Float64Array(BUCKETS.length + 1),
        sum: 0,
        count: 0,
      };
      byStatus.set(status, s);
      this.all.push(s);
    }
    let i = 0;
    while (i < BUCKETS.length && seconds > BUCKETS[i]!) i++;
    s.counts[i]! += 1;
    s.sum += seconds;
    s.count += 1;
  }

  /** The values in prom-client's form (registry.metrics() writes them out). */
  get() {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
    for (const s of this.all) {
      let acc = 0;
      BUCKETS.forEach((le, i) => {
        acc += s.counts[i]!;
        values.push({ labels: { ...s.labels, le }, value: acc, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { ...s.labels, le: '+Inf' }, value: s.count, metricName: `${this.name}_bucket` });
      values.push({ labels: s.labels, value: s.sum, metricName: `${this.name}_sum` });
      values.push({ labels: s.labels, value: s.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset(): void {
    this.epoch += 1;
    this.all = [];
  }
}

/** One per process, like the registry (several apps in one test process share it). */
export const httpDurations = new RouteDurations();
registry.registerMetric(httpDurations as never);

const UNMATCHED = httpDurations.route();

/**
 * Request metrics and /metrics. With a token (required in production, config METRICS_TOKEN)
 * /metrics answers only a scraper sending "Authorization: Bearer <token>": route names, rates and
 * internals are not for the public.
 */
export const metricsPlugin = fp(
  async (app, opts: { token?: string }) => {
    app.addHook('onRoute', (r) => {
      r.config = { ...r.config, durations: httpDurations.route() };
    });
    // Routes registered before this plugin: their series by route template, made on first use.
    const earlier = new Map<string, RouteSeries>();
    const seriesOf = (url: string) => {
      let s = earlier.get(url);
      if (!s) earlier.set(url, (s = httpDurations.route()));
      return s;
    };
    app.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done) => {
      const ro = req.routeOptions; // a new object on every read: read once
      const url = ro.url;
      const route = url ? (ro.config?.durations ?? seriesOf(url)) : UNMATCHED;
      httpDurations.observe(route, url ?? 'unmatched', req.method, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
    app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
      if (opts.token && !bearerMatches(req.headers.authorization, opts.token)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .type('text/plain')
          .send('unauthorized\n');
      }
      reply.type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);
