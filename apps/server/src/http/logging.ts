import type { FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import pino from 'pino';

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

/** How long a log line may wait in the buffer before it is written. */
const FLUSH_EVERY_MS = 1_000;

/**
 * Standard output through a 4 KB buffer, flushed at least every second and at exit.
 *
 * A synchronous write per line was a tenth of a bare route's time (one system call per request);
 * buffered, about twenty lines share one. The price: a process killed outright (SIGKILL, out of
 * memory) loses at most the last second of lines; an ordinary exit, a crash that reaches the
 * exit handlers and SIGTERM's graceful close all flush (pino ends the stream on exit). The access
 * log is for traffic and timing, and every state change is also in the database's audit rows.
 */
export function bufferedStdout(): pino.DestinationStream {
  const dest = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  const timer = setInterval(() => {
    if ((dest as { destroyed?: boolean }).destroyed) clearInterval(timer);
    else dest.flush();
  }, FLUSH_EVERY_MS).unref();
  return dest;
}

/** pino options: structured, with tokens, codes, ID numbers and mobiles redacted. */
export function loggerOptions(level: string, stream?: { write(line: string): void }): FastifyServerOptions['logger'] {
  return {
    level,
    stream: stream ?? bufferedStdout(),
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

/**
 * One access-log line per request, at info, when the answer is sent: request id, method, path
 * (secrets redacted by the req serializer), address, status and time. Fastify's own pair of lines
 * ("incoming request" and "request completed") is turned off in app.ts (its log controller): two
 * lines per request cost as much as the rest of a bare route's plumbing together. The line is
 * built from plain values on a child logger without the redaction paths, which would otherwise
 * walk the request and reply objects' properties on every request; nothing in it is secret
 * except the query, which redactUrl masks.
 */
export const accessLogPlugin = fp(
  async (app) => {
    const accessLog = app.log.child({}, { redact: { paths: [], censor: '***' } });
    app.addHook('onResponse', (req, reply, done) => {
      accessLog.info(
        {
          reqId: req.id,
          req: { method: req.method, url: req.url, ip: req.ip },
          res: { statusCode: reply.statusCode },
          responseTime: reply.elapsedTime,
        },
        'request completed',
      );
      done();
    });
  },
  { name: 'access-log' },
);
