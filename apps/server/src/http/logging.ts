import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import os from 'node:os';
import { stdoutLines } from './log-lines.ts';
import { installRequestIds } from './request-id.ts';

/** Where log lines go: standard output held in log-lines.ts, or a test's stream. */
export interface LogStream {
  write(line: string): unknown;
}

/**
 * Query keys whose values never reach a log line: codes, tokens, secrets, ID numbers, mobiles, mail,
 * and signatures (a working photo link's `sig` opens the photo until it expires, as a token would).
 */
const SECRET_KEYS =
  'mobile|mail|messageCode|mailCode|code|imageCode|imageToken|token|idNum|idCard|zjhm|sfzh|traceNo|state|openId|secret|access_token|refresh_token|sig|sign|signature';
const SECRET_QUERY = new RegExp(`^(${SECRET_KEYS})$`, 'i');
/** A query that may hold a secret: a secret key as written, or any escape (a key may be spelled %6Dobile). */
const MAYBE_SECRET = new RegExp(`[?&](${SECRET_KEYS})=|%`, 'i');

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  // Most paths have no query, or one without a secret (?type=1): as they came, with no parsing.
  if (q < 0 || !MAYBE_SECRET.test(url)) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const k of [...params.keys()]) if (SECRET_QUERY.test(k)) params.set(k, '***');
  return `${url.slice(0, q)}?${params.toString()}`;
}

/** Fields whose values never reach a log line, wherever a line's object holds them. */
const SECRET_FIELDS = [
  'token',
  'randomKey',
  'code',
  'messageCode',
  'mobile',
  'idNum',
  'idCard',
  'password',
  'secret',
  'appSecret',
  'accessToken',
  'access_token',
  'refresh_token',
];

/** pino options: structured, with tokens, codes, ID numbers and mobiles redacted. */
export function loggerOptions(level: string, stream: LogStream = stdoutLines()): FastifyServerOptions['logger'] {
  return {
    level,
    stream,
    redact: {
      // Each secret field at the top of a line's object (log.info({ token }, ...)) and one level
      // down (log.info({ body: { token } }, ...)): pino's '*.token' alone misses the first.
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers.memberid',
        ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`]),
      ],
      censor: '***',
    },
    serializers: {
      req(req) {
        return { method: req.method, url: redactUrl(req.url), ip: req.ip };
      },
    },
  };
}

type LogArgs = Parameters<FastifyBaseLogger['info']>;
type ChildArgs = Parameters<FastifyBaseLogger['child']>;

/**
 * A request's logger (req.log), made on its first line: pino builds a child logger by serializing
 * its bindings (the request id) through the redaction, some 2 µs of every request, and most
 * requests write no line of their own (their access line is written apart, accessLine). Fastify
 * asks for one per request through its childLoggerFactory (app.ts).
 */
export class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: ChildArgs[0],
    private readonly opts: ChildArgs[1],
  ) {}

  private get log(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.opts));
  }
  get level(): string {
    return this.made?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.log.level = level;
  }
  fatal(...a: LogArgs): void {
    this.log.fatal(...a);
  }
  error(...a: LogArgs): void {
    this.log.error(...a);
  }
  warn(...a: LogArgs): void {
    this.log.warn(...a);
  }
  info(...a: LogArgs): void {
    this.log.info(...a);
  }
  debug(...a: LogArgs): void {
    this.log.debug(...a);
  }
  trace(...a: LogArgs): void {
    this.log.trace(...a);
  }
  silent(...a: LogArgs): void {
    this.log.silent(...a);
  }
  child(...a: ChildArgs): FastifyBaseLogger {
    return this.log.child(...a);
  }
}

/** The fields pino puts on every line of this process, written once. */
const LINE_HEAD = `"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())}`;

/**
 * The access line of a request, as pino would write it at info: request id, method, route template
 * (already JSON-quoted, see routeOf), path with its secrets masked (redactUrl), address, status and
 * time. Built here as one template, since pino spends more on serializing, redacting and buffering a
 * line than the rest of a bare route's plumbing together; nothing else in it can carry a secret.
 */
export function accessLine(
  req: { id: string; method: string; url: string; ip: string | undefined },
  statusCode: number,
  responseTime: number,
  route = UNMATCHED,
): string {
  return `{"level":30,"time":${Date.now()},${LINE_HEAD},"reqId":${JSON.stringify(req.id)},"req":{"method":${JSON.stringify(req.method)},"route":${route},"url":${JSON.stringify(redactUrl(req.url))},"ip":${JSON.stringify(req.ip ?? null)}},"res":{"statusCode":${statusCode}},"responseTime":${responseTime},"msg":"request completed"}\n`;
}

const UNMATCHED = '"unmatched"';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route template, JSON-quoted once when the route is registered (accessLogPlugin). */
    logRoute?: string;
  }
}

/** Fastify's own key of a request's route context (found once): req.routeOptions builds an object per read. */
let contextKey: symbol | undefined;
function routeOf(req: object): string {
  contextKey ??= Object.getOwnPropertySymbols(req).find((s) => s.description === 'fastify.context');
  const config = contextKey
    ? (req as Record<symbol, { config?: { url?: string; logRoute?: string } } | undefined>)[contextKey]?.config
    : undefined;
  if (!config?.url) return UNMATCHED;
  return (config.logRoute ??= JSON.stringify(config.url));
}

/**
 * One access-log line per request, at info, when the answer is sent (accessLine), into the same
 * stream as the rest of the log so lines keep their order. Fastify's own pair of lines ("incoming
 * request" and "request completed") is turned off in app.ts (its log controller): two lines per
 * request cost as much as the rest of a bare route's plumbing together. Request ids (and their
 * x-request-id header on every answer) are set up here too (http/request-id.ts), logger or not.
 */
export const accessLogPlugin = fp(
  async (app, opts: { stream: LogStream }) => {
    installRequestIds(app, app.ctx.config.trustProxy);
    app.addHook('onRoute', (r) => {
      r.config = { ...r.config, logRoute: JSON.stringify(r.url) };
    });
    // No logger (logger: false) or a level above info: no access lines.
    if ((app.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info') !== true) return;
    const { stream } = opts;
    app.addHook('onResponse', (req, reply, done) => {
      stream.write(accessLine(req, reply.statusCode, reply.elapsedTime, routeOf(req)));
      done();
    });
  },
  { name: 'access-log' },
);
