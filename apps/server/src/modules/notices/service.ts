import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  fillNotice,
  NOTICE_RULES,
  type NoticeKind,
  type NoticeMessage,
  type NoticePrefs,
} from '@portal/contract/notices';
import type { Lang } from '@portal/contract/i18n';
import type { AppContext } from '../../context.ts';
import { memberMessages, noticePrefs } from '../../db/schema.ts';
import { withTx } from '../../db/tx.ts';

/** A member's messages, newest first, in the caller's language; the count unread. */
export async function listMessages(ctx: AppContext, memberId: number, lang: Lang, page: number, size: number) {
  const mine = eq(memberMessages.memberId, memberId);
  const rows = await ctx.db
    .select()
    .from(memberMessages)
    .where(mine)
    .orderBy(desc(memberMessages.id))
    .limit(size)
    .offset((page - 1) * size);
  const [{ total }] = await ctx.db.select({ total: count() }).from(memberMessages).where(mine);
  return { items: rows.map((r) => present(r, lang)), total, unread: await unreadCount(ctx, memberId) };
}

function present(r: typeof memberMessages.$inferSelect, lang: Lang): NoticeMessage {
  const rule = NOTICE_RULES[r.kind as NoticeKind];
  return {
    id: r.id,
    kind: r.kind as NoticeKind,
    title: rule.title[lang],
    text: fillNotice(rule.text[lang], r.params, lang),
    link: r.params.link ?? null,
    orderId: r.orderId,
    read: !!r.readAt,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function unreadCount(ctx: AppContext, memberId: number): Promise<number> {
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(memberMessages)
    .where(and(eq(memberMessages.memberId, memberId), isNull(memberMessages.readAt)));
  return n;
}

/** Marks one message (or all, without an id) of this member read; another member's id changes nothing. */
export async function markRead(ctx: AppContext, memberId: number, id?: number): Promise<number> {
  await ctx.db
    .update(memberMessages)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(memberMessages.memberId, memberId),
        isNull(memberMessages.readAt),
        id ? eq(memberMessages.id, id) : undefined,
      ),
    );
  return unreadCount(ctx, memberId);
}

export async function readPrefs(ctx: AppContext, memberId: number): Promise<NoticePrefs> {
  const [p] = await ctx.db.select().from(noticePrefs).where(eq(noticePrefs.memberId, memberId));
  return { taskDeadline: p?.taskDeadline ?? true, parcelSigned: p?.parcelSigned ?? true };
}

/** Saves the optional notices' switches (the required ones have none) and the member's language for e-mail. */
export async function savePrefs(ctx: AppContext, memberId: number, prefs: NoticePrefs, lang: Lang) {
  await withTx(ctx, async (t) => {
    await t.db
      .insert(noticePrefs)
      .values({ memberId, ...prefs, lang })
      .onConflictDoUpdate({ target: noticePrefs.memberId, set: { ...prefs, lang, updatedAt: new Date() } });
  });
  return readPrefs(ctx, memberId);
}

/** Remembers the language the member reads the portal in (the e-mail notices use it). */
export async function noteLanguage(ctx: AppContext, memberId: number, lang: Lang): Promise<void> {
  await ctx.db
    .insert(noticePrefs)
    .values({ memberId, lang })
    .onConflictDoUpdate({
      target: noticePrefs.memberId,
      set: { lang },
      setWhere: sql`${noticePrefs.lang} <> ${lang}`,
    });
}
