import { and, asc, count, countDistinct, desc, eq, gte, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  banners,
  collectionCentres,
  faqs,
  forms,
  news,
  notices,
  orderDetails,
  orders,
  photos,
  staticPages,
} from '../../db/schema.ts';
import { lineToOrder, liveOrder } from '../orders/public.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const contentRepo = {
  banners: (db: Db) =>
    db.select().from(banners).where(eq(banners.active, true)).orderBy(asc(banners.sort), asc(banners.id)),
  notices: (db: Db, type: number) =>
    db
      .select()
      .from(notices)
      .where(and(eq(notices.type, type), eq(notices.active, true)))
      .orderBy(asc(notices.sort), desc(notices.id)),
  async newsPage(db: Db, page: number, pageSize: number) {
    const where = eq(news.active, true);
    const [rows, [{ n }]] = await Promise.all([
      db
        .select({
          id: news.id,
          titleZh: news.titleZh,
          titleEn: news.titleEn,
          type: news.type,
          url: news.url,
          publishedAt: news.publishedAt,
        })
        .from(news)
        .where(where)
        .orderBy(desc(news.publishedAt), desc(news.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ n: count() }).from(news).where(where),
    ]);
    return { rows, total: n };
  },
  newsItem: async (db: Db, id: number) =>
    (
      await db
        .select()
        .from(news)
        .where(and(eq(news.id, id), eq(news.active, true)))
        .limit(1)
    )[0] ?? null,
  forms: (db: Db) => db.select().from(forms).orderBy(asc(forms.sort), asc(forms.id)),
  form: async (db: Db, id: number) => (await db.select().from(forms).where(eq(forms.id, id)).limit(1))[0] ?? null,
  faqs: (db: Db, question: string, type?: number) => {
    const kw = `%${escapeLike(question)}%`;
    const conds = [
      question ? or(ilike(faqs.questionZh, kw), ilike(faqs.questionEn, kw)) : undefined,
      type ? eq(faqs.type, type) : undefined,
    ].filter(Boolean);
    return db
      .select()
      .from(faqs)
      .where(conds.length ? and(...conds) : undefined)
      .orderBy(asc(faqs.type), asc(faqs.sort), asc(faqs.id));
  },
  centres: (db: Db) =>
    db.select().from(collectionCentres).orderBy(asc(collectionCentres.sort), asc(collectionCentres.id)),
  staticPage: async (db: Db, key: string) =>
    (await db.select().from(staticPages).where(eq(staticPages.key, key)).limit(1))[0] ?? null,
  /**
   * Photos collected since a date: uploads that stand on a person of a live order. A photo
   * replaced by another, or whose order was deleted or closed, was never collected.
   */
  photosSince: async (db: Db, since: Date) =>
    (
      await db
        .select({ n: countDistinct(photos.id) })
        .from(photos)
        .innerJoin(orderDetails, eq(orderDetails.photoId, photos.id))
        .innerJoin(orders, lineToOrder)
        .where(and(eq(photos.passed, true), eq(photos.source, 'upload'), gte(photos.createdAt, since), liveOrder))
    )[0].n,
};
