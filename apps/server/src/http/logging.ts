import type { FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import os from 'node:os';
import { stdoutLines } from './log-lines.ts';

/** Where log lines go: standard output held in log-lines.ts, or a test's stream. */
export interface LogStream {
  write(line: string): unknown;
}

/** Query keys whose values never reach a log line: codes, tokens, secrets, ID numbers, mobiles, mail. */
const SECRET_QUERY =
  /^(mobile|mail|messageCode|mailCode|code|imageCode|imageToken|token|idNum|idCard|zjhm|sfzh|traceNo|state|openId|secret|access_token|refresh_token)$/i;

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const k of [...params.keys()]) if (SECRET_QUERY.test(k)) params.set(k, '***');
  return `${url.slice(0, q)}?${params.toString()}`;
}

/** pino options: structured, with tokens, codes, ID numbers and mobiles redacted. */
export function loggerOptions(level: string, stream: LogStream = stdoutLines()): FastifyServerOptions['logger'] {
  return {
    level,
    stream,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers.memberid',
        '*.token',
        '*.randomKey',
        '*.code',
        '*.messageCode',
        '*.mobile',
        '*.idNum',
        '*.idCard',
        '*.password',
        '*.secret',
        '*.appSecret',
        '*.accessToken',
        '*.access_token',
        '*.refresh_token',
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

/** The fields pino puts on every line of this process, written once. */
const LINE_HEAD = `"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())}`;

/**
 * The access line of a request, as pino would write it at info: request id, method, path with its
 * secrets masked (redactUrl), address, status and time. Built here as one template, since pino
 * spends more on serializing, redacting and buffering a line than the rest of a bare route's
 * plumbing together; nothing else in it can carry a secret.
 */
export function accessLine(
  req: { id: string; method: string; url: string; ip: string | undefined },
  statusCode: number,
  responseTime: number,
): string {
  return `{"level":30,"time":${Date.now()},${LINE_HEAD},"reqId":${JSON.stringify(req.id)},"req":{"method":${JSON.stringify(req.method)},"url":${JSON.stringify(redactUrl(req.url))},"ip":${JSON.stringify(req.ip ?? null)}},"res":{"statusCode":${statusCode}},"responseTime":${responseTime},"msg":"request completed"}\n`;
}

/**
 * One access-log line per request, at info, when the answer is sent (accessLine), into the same
 * stream as the rest of the log so lines keep their order. Fastify's own pair of lines ("incoming
 * request" and "request completed") is turned off in app.ts (its log controller): two lines per
 * request cost as much as the rest of a bare route's plumbing together.
 */
export const accessLogPlugin = fp(
  async (app, opts: { stream: LogStream }) => {
    // No logger (logger: false) or a level above info: no access lines.
    if ((app.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info') !== true) return;
    const { stream } = opts;
    app.addHook('onResponse', (req, reply, done) => {
      stream.write(accessLine(req, reply.statusCode, reply.elapsedTime));
      done();
    });
  },
  { name: 'access-log' },
);
