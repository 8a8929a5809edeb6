import type { FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';

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
export function loggerOptions(level: string, stream?: { write(line: string): void }): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
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
 * One access-log line per request, at info, when the answer is sent: method, path (secrets
 * redacted), address, status and time, under the request's id. Fastify's own pair of lines
 * ("incoming request" and "request completed") is turned off in app.ts (disableRequestLogging):
 * two lines per request cost as much as the rest of a bare route's plumbing together.
 */
export const accessLogPlugin = fp(
  async (app) => {
    app.addHook('onResponse', (req, reply, done) => {
      req.log.info({ req, res: reply, responseTime: reply.elapsedTime }, 'request completed');
      done();
    });
  },
  { name: 'access-log' },
);
