import type { FastifyInstance } from 'fastify';
import { allowedBy } from '../../src/http/staff-auth.ts';

export interface RouteInfo {
  method: 'GET' | 'POST';
  url: string;
  query: JsonSchema | null;
  body: JsonSchema | null;
  /** Member routes need a session; staff routes a staff token. */
  auth: 'member' | 'optional' | 'staff' | null;
  multipart: boolean;
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
}

/**
 * The server's own route table: every route registered by every module, with its
 * zod schemas as JSON schema. A new route is covered by the hardening suites
 * without editing them.
 */
export function collectRoutes(app: FastifyInstance): RouteInfo[] {
  const out: RouteInfo[] = [];
  const seen = new Set<string>();
  const doc = app.swagger() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
          requestBody?: { content: Record<string, { schema: JsonSchema }> };
        }
      >
    >;
  };
  for (const [url, methods] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase();
      if (method !== 'GET' && method !== 'POST') continue;
      const key = `${method} ${url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const qp = (op.parameters ?? []).filter((p) => p.in === 'query');
      const query: JsonSchema | null = qp.length
        ? {
            type: 'object',
            properties: Object.fromEntries(qp.map((p) => [p.name, p.schema])),
            required: qp.filter((p) => p.required).map((p) => p.name),
          }
        : null;
      const content = op.requestBody?.content ?? {};
      const bodySchema = content['application/json']?.schema ?? Object.values(content)[0]?.schema ?? null;
      const path = url.replace(/\{(\w+)\}/g, ':$1');
      const route = app.routeTable.find((r) => r.method === method && r.url === path);
      const cfg = (route?.config ?? {}) as { auth?: 'member' | 'optional'; signed?: boolean };
      out.push({
        method: method as 'GET' | 'POST',
        url: path,
        query,
        body: bodySchema,
        auth: allowedBy(method, path) ? 'staff' : (cfg.auth ?? null),
        multipart: cfg.signed === false && method === 'POST' && !bodySchema,
      });
    }
  }
  return out;
}
