import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers.ts';

/**
 * Issue 40, item 5: the alert rules and the dashboard read only metrics the server exports, and
 * each rule fires when it should and not otherwise (promtool's own unit tests).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const RULES = path.join(root, 'ops/prometheus/alerts.yml');
const RULE_TESTS = path.join(root, 'ops/prometheus/alerts.test.yml');
const DASHBOARD = path.join(root, 'ops/grafana/portal.json');

const promtool = spawnSync('promtool', ['--version']).status === 0;
if (!promtool)
  console.warn('promtool not installed (Debian: apt-get install prometheus): the promtool checks are skipped');

describe.skipIf(!promtool)('promtool', () => {
  it('checks the rules', () => {
    const out = execFileSync('promtool', ['check', 'rules', RULES], { encoding: 'utf8' });
    expect(out).toMatch(/SUCCESS: \d+ rules found/);
  });
  it('runs the rules unit tests (each alert fires and stays quiet)', () => {
    const r = spawnSync('promtool', ['test', 'rules', RULE_TESTS], { encoding: 'utf8' });
    expect(r.stdout + r.stderr).toContain('SUCCESS');
    expect(r.status).toBe(0);
  });
});

const PROMQL_WORDS = new Set(
  'sum avg min max count rate irate increase delta histogram_quantile by without on ignoring unless and or group_left group_right bool offset topk bottomk abs clamp_min clamp_max humanize'.split(
    ' ',
  ),
);

/** The metric names an expression reads: identifiers outside label matchers, groupings, strings and ranges. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '');
  const names = bare.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? [];
  return names.filter((n) => !PROMQL_WORDS.has(n) && !/^\d/.test(n));
}

function expressions(): { where: string; expr: string }[] {
  const rules = readFileSync(RULES, 'utf8');
  const fromRules = [...rules.matchAll(/^\s+expr:\s*(\|\s*\n((?:\s{10,}.*\n)+)|(.*))$/gm)].map((m) => ({
    where: 'alerts.yml',
    expr: (m[2] ?? m[3] ?? '').trim(),
  }));
  const dash = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as {
    panels: { title: string; targets: { expr: string }[] }[];
  };
  const fromDash = dash.panels.flatMap((p) =>
    p.targets.map((t) => ({ where: `portal.json: ${p.title}`, expr: t.expr })),
  );
  return [...fromRules, ...fromDash];
}

describe('every metric in the rules and the dashboard is one the app exports', () => {
  let app: FastifyInstance;
  let exported: Set<string>;
  beforeAll(async () => {
    app = await testApp();
    for (const url of ['/api/health/live', '/api/health/ready', '/api/no/such', '/api/banner/list'])
      await app.inject({ method: 'GET', url });
    const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    exported = new Set();
    for (const m of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      const [, name, type] = m;
      exported.add(name!);
      if (type === 'histogram') for (const s of ['_bucket', '_count', '_sum']) exported.add(name! + s);
    }
  });
  afterAll(async () => app?.close());

  it('the rules and the dashboard name metrics at all (the parser finds them)', () => {
    const all = expressions();
    expect(all.filter((e) => e.where === 'alerts.yml').length).toBe(11);
    expect(all.length).toBeGreaterThan(20);
    expect(metricNames('sum by (route, le) (rate(http_request_duration_seconds_bucket{route!~"/x"}[5m])) > 2')).toEqual(
      ['http_request_duration_seconds_bucket'],
    );
  });

  it('names no metric the app does not export', () => {
    expect(exported.has('http_request_duration_seconds_count')).toBe(true);
    const unknown = expressions().flatMap(({ where, expr }) =>
      metricNames(expr)
        .filter((n) => !exported.has(n))
        .map((n) => `${where}: ${n}`),
    );
    expect(unknown).toEqual([]);
  });
});
