import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import type { Server } from 'node:http';

/**
 * How long a client may take to send a request (HTTP_*_TIMEOUT_MS). A client that sends its
 * headers or its body a byte every few seconds holds a connection, a socket and a parser for as
 * long as it likes unless something times the sending out; Fastify's default is no limit at all.
 */
export interface HttpTimeouts {
  /** All of a request's headers (default 15 s): a browser sends them in one packet. */
  headersMs: number;
  /** A whole request, headers and body (default 30 s): the API's JSON bodies are a few kilobytes, at most 1 MB. */
  requestMs: number;
  /**
   * A whole multipart upload (default 120 s): a photo may be 5 MB (the web sends a 480 x 640 JPEG
   * of some 150 KB, other clients the full size), a console form 20 MB, and a phone on a poor
   * uplink (384 kbit/s to 1 Mbit/s) needs 40 to 110 s for 5 MB.
   */
  uploadMs: number;
}

/** How often the limits are checked: a quarter of the shortest, at most every second (Node's default is 30 s). */
export const checkEveryMs = (t: HttpTimeouts): number =>
  Math.max(25, Math.min(1000, Math.floor(Math.min(t.headersMs, t.requestMs) / 4)));

/**
 * The Node server's own limits, for Fastify's options: headers within headersMs, and every
 * request, uploads included, within uploadMs (Node has one request limit per server; the shorter
 * one for bodies that are not uploads is `timeOutSlowBodies`'). Fastify's `requestTimeout` is set
 * too, since Fastify writes it onto the server after creating it.
 */
export function serverTimeouts(t: HttpTimeouts): Pick<FastifyHttpOptions<Server>, 'requestTimeout' | 'http'> {
  return {
    requestTimeout: t.uploadMs,
    http: { headersTimeout: t.headersMs, requestTimeout: t.uploadMs, connectionsCheckingInterval: checkEveryMs(t) },
  };
}

const isUpload = (req: IncomingMessage) => /^multipart\//i.test(req.headers['content-type'] ?? '');

/**
 * The request limit for bodies that are not uploads. Nothing is done per request: a timer checks
 * the open connections (as Node checks its own limits), and only a request found still sending its
 * body is noted, when first seen; one still sending requestMs later is answered 408 and closed,
 * as Node closes one past its own limit. A request is thus cut between requestMs and requestMs
 * plus one check after it began, never before.
 */
export function timeOutSlowBodies(app: FastifyInstance, t: HttpTimeouts): void {
  const server = app.server;
  const sockets = new Set<Socket>();
  const firstSeen = new WeakMap<IncomingMessage, number>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const check = () => {
    const now = Date.now();
    for (const socket of sockets) {
      // The answer Node keeps on the socket while it serves a request (the field its own
      // closeIdleConnections reads); once the answer is out, the request its parser still reads.
      const s = socket as Socket & {
        _httpMessage?: ServerResponse | null;
        parser?: { incoming?: IncomingMessage | null } | null;
      };
      const res = s._httpMessage;
      const req = res?.req ?? s.parser?.incoming;
      if (!req || req.complete) continue;
      // An upload being taken has the upload's limit (Node's). A body still coming after its answer
      // went out (refused early: a 400, 401 or 415) is read only to be thrown away: the request limit.
      if (res && !res.headersSent && isUpload(req)) continue;
      const seen = firstSeen.get(req);
      if (seen === undefined) firstSeen.set(req, now);
      else if (now - seen >= t.requestMs) {
        app.log.info({ method: req.method, ip: socket.remoteAddress }, 'request body timed out');
        if (socket.writable && res && !res.headersSent)
          socket.write('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        socket.destroy();
      }
    }
  };
  let timer: NodeJS.Timeout | null = null;
  server.on('listening', () => {
    timer ??= setInterval(check, checkEveryMs(t));
    timer.unref();
  });
  server.on('close', () => {
    if (timer) clearInterval(timer);
    timer = null;
  });
}
