import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { members, sessions, staffSessions, staffUsers } from '../../db/schema.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { StaffRole } from '../../http/staff-auth.ts';

/**
 * Demo and test shortcut: a session for a member by mobile, created when missing,
 * without captcha and SMS. Only reachable in demo mode (and from tests).
 */
export async function devMemberSession(
  ctx: AppContext,
  mobile: string,
  profile: { name?: string; mail?: string; isFirst?: boolean } = {},
) {
  let [m] = await ctx.db.select().from(members).where(eq(members.mobile, mobile)).limit(1);
  if (!m) {
    [m] = await ctx.db
      .insert(members)
      .values({
        mobile,
        name: profile.name ?? '测试学生',
        mail: profile.mail ?? `${mobile}@example.com`,
        isFirst: profile.isFirst ?? false,
      })
      .returning();
  }
  const token = randomToken();
  const randomKey = randomToken(16);
  await ctx.db.insert(sessions).values({ memberId: m.id, tokenHash: sha256(token), randomKey });
  return { token, randomKey, memberId: m.id, isFirst: m.isFirst, name: m.name, mobile: m.mobile, mail: m.mail };
}

/** A staff session without password; a school account gets `schools` (default: the demo pilot school 10001). */
export async function devStaffSession(
  ctx: AppContext,
  role: StaffRole,
  branch: string | null = null,
  schools: string[] | null = null,
) {
  const scope = role === 'school' ? (schools ?? ['10001']) : null;
  const username = `dev-${role}-${branch ?? scope?.join('-') ?? 'all'}`;
  let [s] = await ctx.db.select().from(staffUsers).where(eq(staffUsers.username, username)).limit(1);
  if (!s) {
    [s] = await ctx.db
      .insert(staffUsers)
      .values({ username, name: `${role} (dev)`, passwordHash: '!', role, branch, schools: scope })
      .returning();
  }
  const token = randomToken();
  await ctx.db.insert(staffSessions).values({ staffId: s.id, tokenHash: sha256(token) });
  return { token, staffId: s.id, role, branch };
}
