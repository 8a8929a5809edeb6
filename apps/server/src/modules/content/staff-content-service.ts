import { asc, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { CONTENT_TYPES, type ConsoleSettings, type ContentField, type ContentType } from '@portal/contract/console';
import { linkField } from '@portal/contract/links';
import { FAQ_TYPES } from '@portal/contract/content';
import { isMessageKey } from '@portal/contract/messages';
import { withTx } from '../../db/tx.ts';
import type { AppContext } from '../../context.ts';
import { banners, collectionCentres, faqs, news, notices, staticPages } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { StaffContext } from '../../http/staff-auth.ts';
import { invalidateContentCache } from './content-cache.ts';
import { sanitizePlain, sanitizeRich } from './sanitize.ts';
import { publicSettings, writeSetting } from '../system/public.ts';
import { writeAudit } from '../staff/public.ts';

const TABLES: Record<ContentType, PgTable> = { banners, notices, news, faqs, collectionCentres, staticPages };
/** Static pages are keyed by their key; the rest by id. */
const keyOf = (type: ContentType) => (type === 'staticPages' ? 'key' : 'id');
const keyColumn = (type: ContentType) =>
  type === 'staticPages' ? staticPages.key : (TABLES[type] as typeof banners).id;

function fieldSchema(f: ContentField) {
  if (f.kind === 'link') return linkField;
  const base =
    f.kind === 'int'
      ? z.coerce.number().int().min(0).max(1_000_000)
      : f.kind === 'bool'
        ? z.boolean()
        : z.string().max(f.kind === 'html' ? 200_000 : 2000);
  if (f.kind === 'int' || f.kind === 'bool') return f.required ? base : base.optional();
  return f.required ? (base as z.ZodString).trim().min(1) : (base as z.ZodString).nullish();
}

/** Checks and cleans a row of a content type: known fields only, HTML sanitized, plain text stripped of tags. */
export function cleanRow(type: ContentType, values: Record<string, unknown>): Record<string, unknown> {
  const fields: readonly ContentField[] = CONTENT_TYPES[type];
  const schema = z.object(Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)])));
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    // A rule with its own message (a link's) names the field itself.
    if (isMessageKey(issue.message)) throw badRequest(issue.message);
    throw badRequest('http.badRequest', { field: String(issue.path[0] ?? ''), rule: issue.code });
  }
  // An FAQ's type is one of the help centre's kinds (the console offers them by name).
  const faqType = (parsed.data as { type?: unknown }).type;
  if (type === 'faqs' && faqType !== undefined && !Object.hasOwn(FAQ_TYPES, String(faqType)))
    throw badRequest('content.faqTypeInvalid');
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = (parsed.data as Record<string, unknown>)[f.name];
    if (v === undefined) continue;
    // URLs and plain text keep their characters; anything looking like markup is stripped.
    out[f.name] =
      typeof v === 'string' ? (f.kind === 'html' ? sanitizeRich(v) : /[<>]/.test(v) ? sanitizePlain(v) : v.trim()) : v;
  }
  return out;
}

export async function listContent(ctx: AppContext, type: ContentType) {
  const rows = await ctx.db
    .select()
    .from(TABLES[type])
    .orderBy(asc(keyColumn(type)))
    .limit(500);
  return rows as Record<string, unknown>[];
}

/** Creates or updates one row, audits before and after, and drops the public content cache. */
export async function saveContent(
  ctx: AppContext,
  staff: StaffContext,
  type: ContentType,
  id: string | number | null,
  values: Record<string, unknown>,
) {
  const row = cleanRow(type, values);
  const table = TABLES[type];
  const col = keyColumn(type);
  const saved = await withTx(ctx, async ({ db: tx }) => {
    const [before] =
      id === null
        ? []
        : await tx
            .select()
            .from(table)
            .where(eq(col, id as never));
    if (id !== null && !before) throw notFound();
    let after: Record<string, unknown>;
    if (before)
      [after] = (await tx
        .update(table)
        .set({ ...row, updatedAt: new Date() } as never)
        .where(eq(col, id as never))
        .returning()) as Record<string, unknown>[];
    else
      [after] = (await tx
        .insert(table)
        .values(row as never)
        .returning()) as Record<string, unknown>[];
    await writeAudit(tx, staff, {
      action: `content.${type}.${before ? 'update' : 'create'}`,
      targetKind: type,
      targetId: String(after[keyOf(type)]),
      before: before ?? null,
      after,
    });
    return after;
  });
  invalidateContentCache();
  return saved;
}

export async function deleteContent(ctx: AppContext, staff: StaffContext, type: ContentType, id: string | number) {
  const table = TABLES[type];
  const col = keyColumn(type);
  await withTx(ctx, async ({ db: tx }) => {
    const [before] = await tx
      .select()
      .from(table)
      .where(eq(col, id as never));
    if (!before) throw notFound();
    await tx.delete(table).where(eq(col, id as never));
    await writeAudit(tx, staff, { action: `content.${type}.delete`, targetKind: type, targetId: String(id), before });
  });
  invalidateContentCache();
}

export async function readConsoleSettings(ctx: AppContext): Promise<ConsoleSettings> {
  const s = await publicSettings(ctx);
  return {
    maintenance: { on: s.maintenance.on, zh: s.maintenance.zh, en: s.maintenance.en },
    servicePhones: s.servicePhones,
  };
}

export async function saveConsoleSettings(
  ctx: AppContext,
  staff: StaffContext,
  next: ConsoleSettings,
): Promise<ConsoleSettings> {
  const before = await readConsoleSettings(ctx);
  await writeSetting(ctx, 'maintenance', {
    on: next.maintenance.on,
    zh: sanitizePlain(next.maintenance.zh),
    en: sanitizePlain(next.maintenance.en),
  });
  await writeSetting(ctx, 'servicePhones', next.servicePhones);
  await writeAudit(ctx.db, staff, {
    action: 'settings.update',
    targetKind: 'settings',
    targetId: 'site',
    before,
    after: next,
  });
  invalidateContentCache();
  return readConsoleSettings(ctx);
}
