import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isMessageKey } from '@portal/contract/messages';
import type { Lang } from '@portal/contract/i18n';
import { AppError } from './errors.ts';
import { message } from './lang.ts';
import { signedEnvelope } from './envelope.ts';
import { databaseUnavailable } from '../db/connection-errors.ts';

/** The envelope code travels as the HTTP status where it is one; 700 as 401; others as 200. */
export function httpStatusFor(code: number): number {
  if (code === 700) return 401;
  if (code >= 400 && code < 600) return code;
  return 200;
}

const FIELD_RULE: Record<string, { zh: string; en: string }> = {
  invalid_type: { zh: '类型错误或缺失', en: 'is missing or has the wrong type' },
  too_big: { zh: '过长或过大', en: 'is too long or too large' },
  too_small: { zh: '过短或过小', en: 'is too short or too small' },
  invalid_format: { zh: '格式错误', en: 'has the wrong format' },
  invalid_value: { zh: '取值无效', en: 'is not an allowed value' },
  unrecognized_keys: { zh: '包含未知字段', en: 'has unknown fields' },
};

interface ZodishIssue {
  code?: string;
  message: string;
  path?: (string | number)[];
  instancePath?: string;
}

/** A validation failure as one sentence naming the field and the rule, in the caller's language. */
export function describeIssue(issue: ZodishIssue, lang: Lang): string {
  if (isMessageKey(issue.message)) return message(lang, issue.message);
  const field = issue.path?.length ? issue.path.join('.') : (issue.instancePath ?? '').replace(/^\//, '') || 'body';
  const rule = FIELD_RULE[issue.code ?? '']?.[lang] ?? issue.message;
  return message(lang, 'http.badRequest', { field, rule });
}

/** The SQLSTATE of a database error, also when the ORM wrapped it. */
function pgErrorCode(e: unknown): string | undefined {
  for (
    let cur = e as { code?: unknown; cause?: unknown } | undefined, i = 0;
    cur && i < 4;
    cur = cur.cause as typeof cur, i++
  ) {
    if (typeof cur.code === 'string' && /^[0-9A-Z]{5}$/.test(cur.code)) return cur.code;
  }
  return undefined;
}

export function sendError(req: FastifyRequest, reply: FastifyReply, secret: string, err: unknown) {
  const lang = req.lang ?? 'zh';
  if (err instanceof AppError) {
    const msg = err.text ?? (err.key ? message(lang, err.key, err.params) : '');
    return reply.code(httpStatusFor(err.status)).send(signedEnvelope(err.status, msg, err.data ?? null, secret));
  }
  const e = err as FastifyError & { validation?: ZodishIssue[] };
  if (hasZodFastifySchemaValidationErrors(e)) {
    const first = e.validation[0] as unknown as {
      params?: { issue?: ZodishIssue };
      message: string;
      instancePath: string;
    };
    const issue: ZodishIssue = first.params?.issue ?? { message: first.message, instancePath: first.instancePath };
    return reply.code(400).send(signedEnvelope(400, describeIssue(issue, lang), null, secret));
  }
  // The database restarting, failing over or dropping this request's connection: the request's
  // transaction died with it, so the caller may simply try again (db/connection-errors.ts).
  if (databaseUnavailable(e)) {
    req.log.warn({ err: e }, 'database unavailable');
    return reply
      .code(503)
      .header('retry-after', '2')
      .send(signedEnvelope(503, message(lang, 'http.databaseUnavailable'), null, secret));
  }
  // A value PostgreSQL cannot take (an id beyond integer range, a malformed number) is the caller's fault.
  const pgCode = pgErrorCode(e);
  if (pgCode?.startsWith('22')) {
    return reply.code(400).send(
      signedEnvelope(
        400,
        message(lang, 'http.badRequest', {
          field: 'input',
          rule: lang === 'zh' ? '取值超出范围或格式错误' : 'is out of range or malformed',
        }),
        null,
        secret,
      ),
    );
  }
  const status = e.statusCode ?? 500;
  if (status === 413 || e.code === 'FST_REQ_FILE_TOO_LARGE' || e.code === 'FST_FILES_LIMIT') {
    return reply.code(413).send(signedEnvelope(413, message(lang, 'http.tooLarge'), null, secret));
  }
  if (status === 429) return reply.code(429).send(signedEnvelope(429, message(lang, 'http.tooMany'), null, secret));
  if (status >= 400 && status < 500) {
    // Bad JSON, wrong content type, missing multipart boundary and the like: the caller's fault.
    const code = status === 404 ? 404 : 400;
    const rule = e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'content-type' : e.message.slice(0, 120);
    const msg =
      code === 404 ? message(lang, 'http.notFound') : message(lang, 'http.badRequest', { field: 'body', rule });
    return reply.code(code).send(signedEnvelope(code, msg, null, secret));
  }
  req.log.error({ err: e }, 'unhandled error');
  return reply.code(500).send(signedEnvelope(500, message(lang, 'http.internal'), null, secret));
}

/** One error handler for the whole app; it never reveals internals. */
export const errorHandlerPlugin = fp(
  async (app, opts: { secret: string }) => {
    app.setErrorHandler((err, req, reply) => sendError(req, reply, opts.secret, err));
  },
  { name: 'error-handler', dependencies: ['lang'] },
);
