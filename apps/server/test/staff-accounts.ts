import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { auditLog, staffUsers } from '../src/db/schema.ts';
import { hashPassword } from '../src/modules/staff/auth-service.ts';
import { call } from './helpers.ts';

/** The password of the accounts made here (the demo hook's accounts have none). */
export const STAFF_PASSWORD = 'correct horse';

/** A staff account with the known password: a reviewer unless told; its row. */
export async function insertStaffAccount(
  app: FastifyInstance,
  username: string,
  values: Partial<typeof staffUsers.$inferInsert> = {},
) {
  const [row] = await app.ctx.db
    .insert(staffUsers)
    .values({ username, name: username, role: 'reviewer', passwordHash: await hashPassword(STAFF_PASSWORD), ...values })
    .returning();
  return row!;
}

/** POST /api/console/login with the known password unless another is given. */
export const staffLogin = <T = { token: string }>(
  app: FastifyInstance,
  username: string,
  extra: { password?: string; totp?: string } = {},
  headers?: Record<string, string>,
) =>
  call<T>(app, {
    method: 'POST',
    url: '/api/console/login',
    payload: { username, password: STAFF_PASSWORD, ...extra },
    headers,
  });

/** A staff account's row as stored. */
export const staffRow = async (app: FastifyInstance, id: number) =>
  (await app.ctx.db.select().from(staffUsers).where(eq(staffUsers.id, id)))[0]!;

/** The audit actions recorded on a staff account, in table order. */
export const staffActions = async (app: FastifyInstance, id: number) =>
  (
    await app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetKind, 'staff'), eq(auditLog.targetId, String(id))))
  ).map((a) => a.action);
