import { describe, expect, it } from 'vitest';
import { databaseUnavailable } from '../../src/db/connection-errors.ts';

/** Which errors say the database went away (503, try again) and which are the statement's own. */
describe('databaseUnavailable', () => {
  const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  /** drizzle wraps the driver's error as the cause of its own. */
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

  it('is true for a lost, refused or timed-out connection, wrapped or not', () => {
    for (const e of [
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P03', 'the database system is starting up'),
      pgError('08006'),
      pgError('25P03'),
      pgError('57014', 'canceling statement due to statement timeout'),
      pgError('ECONNREFUSED'),
      pgError('ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      wrapped(pgError('57P01')),
      wrapped(new Error('Connection terminated unexpectedly')),
    ])
      expect([e.message, databaseUnavailable(e)]).toEqual([e.message, true]);
  });

  it("is false for the statement's own errors and for anything else", () => {
    for (const e of [
      pgError('23505', 'duplicate key value violates unique constraint'),
      pgError('22P02', 'invalid input syntax for type integer'),
      pgError('40P01', 'deadlock detected'),
      wrapped(pgError('23503')),
      new Error('Cannot read properties of undefined'),
      null,
      'Connection terminated',
    ])
      expect([String(e), databaseUnavailable(e)]).toEqual([String(e), false]);
  });
});
