import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { staffSessions, staffUsers } from '../db/schema.ts';
import { sha256 } from '../lib/crypto.ts';
import { AppError, notLoggedIn } from './errors.ts';
import { addRouteOnRequest } from './route-hooks.ts';
import { CONSOLE_PUBLIC, consoleRouteAbility, staffMay } from '@portal/contract/staff-access';
import type { StaffRoleName } from '@portal/contract/console';

/** The staff roles: the contract's (console.ts STAFF_ROLES), which the role table and the console read. */
export type StaffRole = StaffRoleName;

export interface StaffContext {
  staffId: number;
  sessionId: number;
  username: string;
  name: string;
  role: StaffRole;
  /** A branch account sees only its own branch's tasks and orders. */
  branch: string | null;
  /** A school account sees only these schools' cohorts (yxdm); absent or null for every other role. */
  schools?: string[] | null;
}

type Allowed = ReturnType<typeof allowedBy>;

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffContext | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route, by method: worked out once when it is registered (staffAuthPlugin). */
    staffAllowed?: Record<string, Allowed>;
  }
}

/** Staff sessions idle out after 30 minutes too; the console is never reachable with a member token. */
export const STAFF_IDLE_SECONDS = 1800;

export async function resolveStaff(db: Db, token: string | null): Promise<StaffContext | null> {
  if (!token) return null;
  const rows = await db
    .select({
      sessionId: staffSessions.id,
      lastSeenAt: staffSessions.lastSeenAt,
      staffId: staffUsers.id,
      username: staffUsers.username,
      name: staffUsers.name,
      role: staffUsers.role,
      branch: staffUsers.branch,
      schools: staffUsers.schools,
      active: staffUsers.active,
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, sha256(token)), isNull(staffSessions.endedAt)))
    .limit(1);
  const s = rows[0];
  if (!s || !s.active) return null;
  if (Date.now() - s.lastSeenAt.getTime() > STAFF_IDLE_SECONDS * 1000) {
    await db
      .update(staffSessions)
      .set({ endedAt: sql`now()` })
      .where(eq(staffSessions.id, s.sessionId));
    return null;
  }
  if (Date.now() - s.lastSeenAt.getTime() > 30_000) {
    await db
      .update(staffSessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(staffSessions.id, s.sessionId));
  }
  return {
    staffId: s.staffId,
    sessionId: s.sessionId,
    username: s.username,
    name: s.name,
    role: s.role,
    branch: s.branch,
    schools: s.role === 'school' ? (s.schools ?? []) : null,
  };
}

/**
 * Who may call a route, or null when it needs no staff session. The contract's role table
 * (CONSOLE_API) is the only source: routes declare no roles of their own. A /api/console route
 * not in the table is admins' only (and fails the authorization suite until it is added), so a
 * forgotten line never leaves a console route open.
 */
export function allowedBy(method: string, url: string | undefined): ((role: StaffRole) => boolean) | null {
  if (!url) return null;
  const key = method === 'HEAD' ? 'GET' : method;
  const ability = consoleRouteAbility(key, url);
  if (ability) return (role) => staffMay(role, ability);
  if (!url.startsWith('/api/console/') || (CONSOLE_PUBLIC as readonly string[]).includes(`${key} ${url}`)) return null;
  return (role) => role === 'admin';
}

/**
 * The console guard: console routes need a staff token in the `x-staff-token` header (never
 * the member's Authorization), with a role the contract's table allows.
 */
export const staffAuthPlugin = fp(
  async (app, opts: { db: Db }) => {
    app.decorateRequest('staff', null);
    const guard = async (req: FastifyRequest, allowed: (role: StaffRole) => boolean) => {
      const header = req.headers['x-staff-token'];
      req.staff = await resolveStaff(opts.db, typeof header === 'string' ? header : null);
      if (!req.staff) throw notLoggedIn();
      if (!allowed(req.staff.role)) throw new AppError(403, 'http.forbidden');
    };
    // Who may call a route is known per route and method: worked out as it is registered, kept in
    // its config, and the guard is attached to the routes some role is needed for (route-hooks.ts).
    app.addHook('onRoute', (r) => {
      const staffAllowed: Record<string, Allowed> = {};
      for (const method of [r.method].flat()) staffAllowed[method] = allowedBy(method, r.url);
      r.config = { ...r.config, staffAllowed };
      if (!Object.values(staffAllowed).some(Boolean)) return;
      addRouteOnRequest(r, (req, _reply, done) => {
        const allowed = staffAllowed[req.method];
        if (!allowed) return done();
        guard(req, allowed).then(() => done(), done);
      });
    });
  },
  { name: 'staff-auth', dependencies: ['lang'] },
);

export function staffOf(req: { staff: StaffContext | null }): StaffContext {
  if (!req.staff) throw notLoggedIn();
  return req.staff;
}
