import fp from 'fastify-plugin';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { staffSessions, staffUsers } from '../db/schema.ts';
import { sha256 } from '../lib/crypto.ts';
import { AppError, notLoggedIn } from './errors.ts';

export type StaffRole = 'admin' | 'reviewer' | 'production' | 'finance' | 'editor' | 'branch';

export interface StaffContext {
  staffId: number;
  sessionId: number;
  username: string;
  name: string;
  role: StaffRole;
  /** A branch account sees only its own branch's tasks and orders. */
  branch: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Staff roles allowed on a console route; admin is always allowed. */
    staff?: StaffRole[] | 'any';
  }
  interface FastifyRequest {
    staff: StaffContext | null;
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
      active: staffUsers.active,
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, sha256(token)), isNull(staffSessions.endedAt)))
    .limit(1);
  const s = rows[0];
  if (!s || !s.active) return null;
  if (Date.now() - s.lastSeenAt.getTime() > STAFF_IDLE_SECONDS * 1000) {
    await db.update(staffSessions).set({ endedAt: sql`now()` }).where(eq(staffSessions.id, s.sessionId));
    return null;
  }
  if (Date.now() - s.lastSeenAt.getTime() > 30_000) {
    await db.update(staffSessions).set({ lastSeenAt: sql`now()` }).where(eq(staffSessions.id, s.sessionId));
  }
  return { staffId: s.staffId, sessionId: s.sessionId, username: s.username, name: s.name, role: s.role, branch: s.branch };
}

/**
 * The console guard: routes with `config.staff` need a staff token in the
 * `x-staff-token` header (never the member's Authorization), with an allowed role.
 */
export const staffAuthPlugin = fp(
  async (app, opts: { db: Db }) => {
    app.decorateRequest('staff', null);
    app.addHook('onRequest', async (req) => {
      const roles = req.routeOptions.config?.staff;
      if (!roles) return;
      const header = req.headers['x-staff-token'];
      req.staff = await resolveStaff(opts.db, typeof header === 'string' ? header : null);
      if (!req.staff) throw notLoggedIn();
      if (roles !== 'any' && req.staff.role !== 'admin' && !roles.includes(req.staff.role)) throw new AppError(403, 'http.forbidden');
    });
  },
  { name: 'staff-auth', dependencies: ['lang'] },
);

export function staffOf(req: { staff: StaffContext | null }): StaffContext {
  if (!req.staff) throw notLoggedIn();
  return req.staff;
}
