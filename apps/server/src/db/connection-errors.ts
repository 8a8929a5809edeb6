/**
 * Errors that say the database could not be reached or dropped the connection (a restart, a
 * failover, a backend terminated, a timeout of ours), as opposed to an error of the statement
 * itself. A request that meets one answers 503 with a "try again" message (http/error-handler.ts);
 * its transaction, if any, died with the connection and was rolled back by the server. See
 * ARCHITECTURE.md, "Growing past one machine".
 */

/** SQLSTATEs of a lost or refused connection, or of a statement ended by our own timeouts. */
const UNAVAILABLE_STATES = new Set([
  '57P01', // admin_shutdown: terminated by an administrator (pg_terminate_backend, a fast shutdown)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database is starting up or shutting down
  '57P05', // idle_session_timeout
  '57014', // query_canceled: statement_timeout
  '25P03', // idle_in_transaction_session_timeout
  '53300', // too_many_connections
]);

/** Node's socket errors. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres' own messages for a connection that ended or never came. */
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Connection ended|not queryable|Client was closed|terminating connection/i;

/** True when the error (or an error it wraps, as drizzle's DrizzleQueryError does) is a lost database connection. */
export function databaseUnavailable(err: unknown): boolean {
  let cur = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let i = 0; cur && typeof cur === 'object' && i < 5; i++, cur = cur.cause as typeof cur) {
    const code = typeof cur.code === 'string' ? cur.code : '';
    if (/^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_STATES.has(code) || SOCKET_CODES.has(code)) return true;
    if (typeof cur.message === 'string' && DRIVER_MESSAGES.test(cur.message) && !/^[0-9A-Z]{5}$/.test(code))
      return true;
  }
  return false;
}

/** Printed by main.ts when a lost connection reached the process's last line of defence (tests look for it). */
export const ESCAPED_DATABASE_ERROR = 'database error escaped its handlers';
