import { eq } from 'drizzle-orm';
import type { StaffMe } from '@portal/contract/console';
import type { DbOrTx } from '../../db/client.ts';
import { staffUsers } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';

/** A staff account's row, and how its owner sees it: shared by login and TOTP, which each read it. */
export type StaffRow = typeof staffUsers.$inferSelect;

/** One's own account as the console shows it: the TOTP secret only as on or off. */
export function toMe(s: StaffRow): StaffMe {
  return {
    id: s.id,
    username: s.username,
    name: s.name,
    role: s.role,
    branch: s.branch,
    schools: s.role === 'school' ? (s.schools ?? []) : null,
    totp: !!s.totpSecret,
  };
}

/** A staff account by id; 404 when there is none. */
export async function staffRowById(db: DbOrTx, id: number): Promise<StaffRow> {
  const [s] = await db.select().from(staffUsers).where(eq(staffUsers.id, id)).limit(1);
  if (!s) throw notFound();
  return s;
}
