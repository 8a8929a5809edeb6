import type { FastifyInstance } from 'fastify';
import type { Socket } from 'node:net';

/**
 * What a clean stop needs from the HTTP side (see ARCHITECTURE.md, "Growing past one machine": several instances behind a load
 * balancer). Installed before any other hook or route, so it sees every request first.
 *
 * - Draining (set by main.ts on SIGTERM, and at close): every answer closes its connection, so
 *   clients reconnect to another instance; readiness reports 503 (system routes).
 * - Requests in progress are counted from their first hook to the end of their handler: a client
 *   that hangs up does not stop its handler, and the database must outlive every one of them.
 * - At close, connections serving nothing are ended until the server has closed: Node's own
 *   closeIdleConnections() misses one that connected and never finished sending a request, which
 *   would hold the close open; one that is serving (a slow photo upload) is never cut.
 */
export function installShutdown(app: FastifyInstance): { settled(timeoutMs: number): Promise<void> } {
  app.decorate('draining', false);

  const inProgress = new WeakSet<object>();
  let running = 0;
  const begin = (req: object) => {
    if (!inProgress.has(req)) {
      inProgress.add(req);
      running++;
    }
  };
  const end = (req: object) => {
    if (inProgress.delete(req)) running--;
  };
  // Callback hooks: no promise per request.
  app.addHook('onRequest', (req, _reply, done) => {
    begin(req);
    done();
  });
  app.addHook('onRoute', (r) => {
    const handler = r.handler;
    r.handler = function (this: FastifyInstance, req, reply) {
      let out: unknown;
      try {
        out = handler.call(this, req, reply);
      } catch (e) {
        end(req);
        throw e;
      }
      if (out instanceof Promise) return out.finally(() => end(req));
      end(req);
      return out;
    } as typeof handler;
  });
  // Answers that never reach a handler (refused by a hook, not found) end here.
  app.addHook('onSend', (req, reply, payload, done) => {
    end(req);
    if (app.draining) reply.header('connection', 'close');
    done(null, payload);
  });

  // Connections, not requests, are tracked: whether one is serving is read at close from the
  // response Node keeps on the socket while it answers (the same field Node's own
  // closeIdleConnections reads), so a request adds no listener of its own.
  const connections = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  const serving = (socket: Socket) => !!(socket as Socket & { _httpMessage?: unknown })._httpMessage;
  app.addHook('preClose', async () => {
    app.draining = true;
    const sweep = setInterval(() => {
      for (const socket of connections) if (!serving(socket)) socket.destroy();
    }, 100);
    sweep.unref();
    app.server.once('close', () => clearInterval(sweep));
  });

  return {
    async settled(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (running > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    },
  };
}
