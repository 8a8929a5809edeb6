import type { FastifyBaseLogger } from 'fastify';

/** For payment work started where no request logger is at hand: what matters is in audit_log. */
export const quietLog: FastifyBaseLogger = {
  level: 'silent',
  fatal: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child: () => quietLog,
} as unknown as FastifyBaseLogger;
