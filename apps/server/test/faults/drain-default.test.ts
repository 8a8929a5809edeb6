import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { PRODUCTION_SITE_ENV } from '../../src/site-info-config.ts';

/**
 * Issue 33: behind a load balancer an instance stopped without a drain drops the requests in
 * flight on every deploy, so production drains for a few seconds unless told otherwise.
 */

/** A production environment complete as far as loading the configuration goes. */
const prod = {
  NODE_ENV: 'production',
  DATA_DIR: os.tmpdir(),
  RESPONSE_SECRET: 'a-secret-of-this-deployment',
  DATA_KEY: 'ab'.repeat(32),
  METRICS_TOKEN: 'metrics-token-of-this-deployment',
  ...PRODUCTION_SITE_ENV,
};

describe('SHUTDOWN_DRAIN_SECONDS', () => {
  it('defaults to 5 seconds in production, and to none in development and tests', () => {
    expect(loadConfig(prod).shutdownDrainSeconds).toBe(5);
    expect(loadConfig({ ...prod, SHUTDOWN_DRAIN_SECONDS: '' }).shutdownDrainSeconds).toBe(5);
    expect(loadConfig({ NODE_ENV: 'development' }).shutdownDrainSeconds).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test' }).shutdownDrainSeconds).toBe(0);
  });

  it('takes the value set, and refuses a bad one by name', () => {
    expect(loadConfig({ ...prod, SHUTDOWN_DRAIN_SECONDS: '12' }).shutdownDrainSeconds).toBe(12);
    expect(loadConfig({ NODE_ENV: 'development', SHUTDOWN_DRAIN_SECONDS: '3' }).shutdownDrainSeconds).toBe(3);
    expect(() => loadConfig({ ...prod, SHUTDOWN_DRAIN_SECONDS: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...prod, SHUTDOWN_DRAIN_SECONDS: '-1' })).toThrow(/SHUTDOWN_DRAIN_SECONDS/);
  });
});

describe('DB_*_MS', () => {
  it('bounds the waits on PostgreSQL by default, and takes the values set', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).dbTimeouts).toEqual({
      connectMs: 5_000,
      statementMs: 30_000,
      idleInTransactionMs: 60_000,
    });
    const set = loadConfig({
      NODE_ENV: 'test',
      DB_CONNECT_TIMEOUT_MS: '2000',
      DB_STATEMENT_TIMEOUT_MS: '10000',
      DB_IDLE_TX_TIMEOUT_MS: '0',
    });
    expect(set.dbTimeouts).toEqual({ connectMs: 2_000, statementMs: 10_000, idleInTransactionMs: 0 });
    expect(() => loadConfig({ NODE_ENV: 'test', DB_CONNECT_TIMEOUT_MS: '0' })).toThrow(/DB_CONNECT_TIMEOUT_MS/);
  });
});
