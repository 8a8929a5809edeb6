import net from 'node:net';
import { parseDataKey } from './lib/pii.ts';

/**
 * The settings that decide who is trusted: which proxies may name the client's address, who may
 * read /metrics, the data key. Each problem is one line naming the variable and the expected form;
 * config.ts prints them with the other configuration errors.
 */

/** What Fastify's trustProxy takes: false, a hop count, or the proxies' addresses and CIDRs. */
export type TrustProxy = boolean | number | string[];

/** proxy-addr's names for whole private ranges (loopback, link-local, unique-local). */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(s: string): boolean {
  if (RANGE_NAMES.has(s)) return true;
  const [addr, bits, extra] = s.split('/');
  const family = net.isIP(addr);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const TRUST_FORM =
  'the load balancer addresses or CIDRs (comma separated, e.g. 10.0.0.0/8,192.168.1.10), or a hop count (e.g. 1), or false';

/**
 * TRUST_PROXY: `true` trusts every hop, so each client picks its own address with X-Forwarded-For
 * (every per-address limit and the audit log's addresses then mean nothing): refused in production.
 */
export function parseTrustProxy(
  raw: string | undefined,
  production: boolean,
): { value: TrustProxy } | { error: string } {
  const v = (raw ?? '').trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0') return { value: false };
  if (v === 'true') {
    if (production)
      return {
        error: `TRUST_PROXY: "true" would let any client set its own address with X-Forwarded-For; in production give ${TRUST_FORM}`,
      };
    return { value: true };
  }
  if (/^\d+$/.test(v))
    return Number(v) <= 10
      ? { value: Number(v) }
      : { error: `TRUST_PROXY: a hop count is at most 10; expected ${TRUST_FORM}` };
  const list = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const bad = list.filter((x) => !isAddressOrCidr(x));
  if (bad.length || !list.length)
    return { error: `TRUST_PROXY: "${bad.join(',') || raw}" is not understood; expected ${TRUST_FORM}` };
  return { value: list };
}

/** /metrics shows routes, rates and internals: production needs a bearer token of at least 24 characters. */
export function checkMetricsToken(token: string | undefined, production: boolean): string | null {
  if (token !== undefined && token.length < 24)
    return 'METRICS_TOKEN: at least 24 characters (e.g. openssl rand -hex 24)';
  if (production && !token)
    return 'METRICS_TOKEN: required in production (/metrics then answers only with "Authorization: Bearer <METRICS_TOKEN>")';
  return null;
}

/** DATA_KEY: 32 bytes as 64 hex digits or base64; required in production (demo mode generates one). */
export function checkDataKey(key: string | undefined, production: boolean): string | null {
  const form = 'a 32-byte key as 64 hex digits or 44 base64 characters (e.g. openssl rand -hex 32)';
  if (key === undefined) return production ? `DATA_KEY: required in production; expected ${form}` : null;
  return parseDataKey(key) ? null : `DATA_KEY: malformed; expected ${form}`;
}

/**
 * Fastify's form of the setting. A hop count becomes "trust the nearest n hops" (Fastify alone
 * would trust none): only safe when the instances are reachable through the load balancer alone.
 */
export function fastifyTrustProxy(t: TrustProxy): boolean | string[] | ((addr: string, hop: number) => boolean) {
  return typeof t === 'number' ? (_addr, hop) => hop < t : t;
}
