import type { FastifyServerOptions } from 'fastify';

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
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
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
