import { and, count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { withTx } from '../../db/tx.ts';
import type { AppContext } from '../../context.ts';
import { banners, collectionCentres, faqs, forms, news, notices, staticPages } from '../../db/schema.ts';
import {
  DEMO_BANNERS,
  DEMO_CENTRES,
  DEMO_FAQS,
  DEMO_FORMS,
  DEMO_NEWS,
  DEMO_NOTICES,
  DEMO_PAGES,
} from '../../db/seed/data/content-demo.ts';
import { invalidateContentCache } from './content-cache.ts';
import { sanitizePlain, sanitizeRich } from './sanitize.ts';

const rich = (s: string | null | undefined) => (s ? sanitizeRich(s) : null);

/** Demo banners, notices, news, forms, FAQ, collection centres and static pages; idempotent per table. */
export async function seedContent(ctx: AppContext): Promise<void> {
  await withTx(ctx, async ({ db: tx }) => {
    const empty = async (t: PgTable) => (await tx.select({ n: count() }).from(t))[0].n === 0;
    if (await empty(banners))
      await tx.insert(banners).values(
        DEMO_BANNERS.map((b) => ({
          ...b,
          titleZh: sanitizePlain(b.titleZh),
          titleEn: sanitizePlain(b.titleEn),
          contentZh: rich(b.contentZh),
          contentEn: rich(b.contentEn),
        })),
      );
    if (await empty(notices))
      await tx.insert(notices).values(
        DEMO_NOTICES.map((n) => ({
          ...n,
          contentZh: sanitizeRich(n.contentZh),
          contentEn: sanitizeRich(n.contentEn),
        })),
      );
    if (await empty(news))
      await tx
        .insert(news)
        .values(DEMO_NEWS.map((n) => ({ ...n, contentZh: rich(n.contentZh), contentEn: rich(n.contentEn) })));
    if (await empty(forms)) await tx.insert(forms).values(DEMO_FORMS);
    if (await empty(faqs))
      await tx
        .insert(faqs)
        .values(
          DEMO_FAQS.map((q) => ({ ...q, answerZh: sanitizeRich(q.answerZh), answerEn: sanitizeRich(q.answerEn) })),
        );
    if (await empty(collectionCentres)) await tx.insert(collectionCentres).values(DEMO_CENTRES);
    // Demo centres seeded before contacts had an English form get it (only where none was entered).
    for (const c of DEMO_CENTRES)
      await tx
        .update(collectionCentres)
        .set({ cpersonEn: c.cpersonEn })
        .where(
          and(
            eq(collectionCentres.cperson, c.cperson),
            eq(collectionCentres.bofficeZh, c.bofficeZh),
            eq(collectionCentres.cpersonEn, ''),
          ),
        );
    if (await empty(staticPages))
      await tx
        .insert(staticPages)
        .values(
          DEMO_PAGES.map((p) => ({ ...p, contentZh: sanitizeRich(p.contentZh), contentEn: sanitizeRich(p.contentEn) })),
        );
  });
  invalidateContentCache();
}
