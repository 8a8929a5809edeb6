import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIPv6 } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { TrustProxy } from '../security-config.ts';

/** The header carrying a request's id, on every answer (and taken from a trusted proxy). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An id a proxy may hand us: short, and only characters safe in a log line and a header. */
const SANE_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** The named ranges TRUST_PROXY accepts (as proxy-addr names them). */
const NAMED: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** Whether the peer of a connection is a proxy TRUST_PROXY names (the same list Fastify believes). */
export function trustedPeer(trust: TrustProxy): (addr: string | undefined) => boolean {
  if (trust === false) return () => false;
  // true (demo only) or a hop count: the peer is the first hop, believed.
  if (trust === true || typeof trust === 'number') return () => trust === true || trust > 0;
  const list = new BlockList();
  for (const entry of trust) {
    const named = NAMED[entry];
    if (named) for (const [a, p, t] of named) list.addSubnet(a, p, t);
    else {
      const [a, p] = entry.split('/');
      const type = isIPv6(a!) ? 'ipv6' : 'ipv4';
      if (p === undefined) list.addAddress(a!, type);
      else list.addSubnet(a!, Number(p), type);
    }
  }
  return (addr) => {
    if (!addr) return false;
    const v4 = addr.startsWith('::ffff:') ? addr.slice(7) : addr;
    try {
      return list.check(v4, isIPv6(v4) ? 'ipv6' : 'ipv4');
    } catch {
      return false;
    }
  };
}

/**
 * The request id: a trusted proxy's sane `x-request-id`, else this process's random prefix and a
 * counter (unique across instances, no allocation but the string). Any other client's header is
 * ignored, so a client cannot make its lines look like another's.
 */
export function requestIdGenerator(trust: TrustProxy): (req: IncomingMessage) => string {
  const prefix = crypto.randomBytes(5).toString('hex');
  let n = 0;
  const trusted = trustedPeer(trust);
  return (req) => {
    const given = req.headers[REQUEST_ID_HEADER];
    if (typeof given === 'string' && SANE_ID.test(given) && trusted(req.socket?.remoteAddress)) return given;
    n = (n + 1) & 0x7fffffff;
    return `${prefix}-${n.toString(36)}`;
  };
}

/** Request ids for every request of the app, and the id on every answer (success, error, not found). */
export function installRequestIds(app: FastifyInstance, trust: TrustProxy): void {
  app.setGenReqId(requestIdGenerator(trust));
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
}
