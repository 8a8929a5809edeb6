import type { onRequestHookHandler, RouteOptions } from 'fastify';

/**
 * Adds an onRequest hook to one route as it is registered (from an onRoute hook). A guard that only
 * some routes need is attached to those routes alone: the others run no hook for it, and the guard
 * knows its route's settings from registration instead of reading the request's route options,
 * which Fastify builds and freezes anew on every read.
 */
export function addRouteOnRequest(r: RouteOptions, hook: onRequestHookHandler): void {
  const existing = r.onRequest;
  r.onRequest = existing ? [...[existing].flat(), hook] : [hook];
}
