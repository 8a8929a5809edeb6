import { eq } from 'drizzle-orm';
import { NOTICE_RULES, type NoticeKind } from '@portal/contract/notices';
import type { DbOrTx } from '../../db/client.ts';
import { members, memberMessages, noticeDeliveries, noticePrefs } from '../../db/schema.ts';

/** A notice of one event to one member; `eventKey` names the event (an event told twice is one notice). */
export interface NoticeInput {
  kind: NoticeKind;
  memberId: number;
  orderId?: number | null;
  eventKey: string;
  params: Record<string, string>;
}

/**
 * Writes a notice inside the caller's transaction (the event's own; pass its handle): the in-portal message at
 * once, and one outbox row per SMS or e-mail for the sender (sender.ts) to deliver after the
 * commit (see ARCHITECTURE.md, "Notices"). Nothing is written for a deactivated member; the
 * in-portal message of an optional kind the member turned off is not written either (its SMS is
 * checked again when sent). E-mail only to an address the member proved.
 */
export async function enqueueNotice(tx: DbOrTx, n: NoticeInput): Promise<void> {
  const [m] = await tx
    .select({ status: members.status, mail: members.mail, mailVerifiedAt: members.mailVerifiedAt })
    .from(members)
    .where(eq(members.id, n.memberId));
  if (!m || m.status !== 'active') return;
  const rule = NOTICE_RULES[n.kind];
  if (rule.optional && !(await wantsOptional(tx, n.memberId, n.kind))) return;
  const base = { memberId: n.memberId, kind: n.kind, orderId: n.orderId ?? null, params: n.params };
  if (rule.channels.includes('portal'))
    await tx
      .insert(memberMessages)
      .values({ ...base, eventKey: n.eventKey })
      .onConflictDoNothing();
  const channels = rule.channels.filter(
    (c): c is 'sms' | 'mail' => c === 'sms' || (c === 'mail' && !!m.mail && !!m.mailVerifiedAt),
  );
  for (const channel of channels)
    await tx
      .insert(noticeDeliveries)
      .values({ ...base, channel, idemKey: `${n.eventKey}:${channel}` })
      .onConflictDoNothing();
}

/** Whether the member keeps an optional kind on (the default). */
export async function wantsOptional(tx: DbOrTx, memberId: number, kind: NoticeKind) {
  const [p] = await tx.select().from(noticePrefs).where(eq(noticePrefs.memberId, memberId));
  if (!p) return true;
  if (kind === 'taskDeadline') return p.taskDeadline;
  if (kind === 'parcelSigned') return p.parcelSigned;
  return true;
}
