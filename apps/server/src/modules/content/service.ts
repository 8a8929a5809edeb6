import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type {
  Banner,
  CollectionCentre,
  Faq,
  FormFile,
  NewsDetail,
  NewsList,
  Notice,
  PickNumber,
  StaticPage,
} from '@portal/contract/content';
import { isSafeLink } from '@portal/contract/links';
import { provinceEn } from '@portal/contract/province-names';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { CONTACT_MAP } from '../../db/seed/data/content-demo.ts';
import type { news } from '../../db/schema.ts';
import { cached } from './content-cache.ts';
import { KeptJson } from '../../http/kept-json.ts';
import { contentRepo } from './repo.ts';

const SEED_FILES = path.resolve(import.meta.dirname, '../../db/seed/data/forms');
const text = (zh: string | null, en: string | null) => ({ zh: zh ?? '', en: en ?? zh ?? '' });
const maybeText = (zh: string | null, en: string | null) => (zh || en ? text(zh, en) : null);

/** A news item as the list shows it; the detail adds its content. */
const newsHead = (
  r: Pick<typeof news.$inferSelect, 'id' | 'titleZh' | 'titleEn' | 'type' | 'url' | 'publishedAt'>,
) => ({
  id: r.id,
  title: text(r.titleZh, r.titleEn),
  type: r.type,
  // A link saved before links were checked is never handed out (contract links.ts).
  url: isSafeLink(r.url) ? r.url : null,
  publishedAt: r.publishedAt.toISOString(),
});

/** The start of the collection season: 1 September of this or last year. */
export function seasonStart(now = new Date()): Date {
  const y = now.getUTCMonth() >= 8 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  return new Date(Date.UTC(y, 8, 1));
}

/** Where a form's bytes live: `seed/<file>` in the repository, anything else under DATA_DIR/forms. */
export function formPath(ctx: AppContext, storageKey: string): string | null {
  const [base, rel] = storageKey.startsWith('seed/')
    ? [SEED_FILES, storageKey.slice(5)]
    : [path.join(ctx.config.dataDir, 'forms'), storageKey];
  const full = path.resolve(base, rel);
  if (!full.startsWith(base + path.sep)) return null;
  return full;
}

export const contentService = {
  banners: (ctx: AppContext): Promise<Banner[]> =>
    cached('banners', async () =>
      (await contentRepo.banners(ctx.db)).map((b) => ({
        id: b.id,
        picUrl: b.picUrl,
        type: b.type,
        url: isSafeLink(b.url) ? b.url : null,
        title: text(b.titleZh, b.titleEn),
        content: b.type === 2 ? maybeText(b.contentZh, b.contentEn) : null,
      })),
    ),
  /**
   * The banners as the JSON text of the route's data, kept beside them in the content cache: one
   * serialization per content change instead of one per request. It lives and is forgotten with
   * every other content read (the same generation and lifetime, invalidated by the same writes),
   * so it is never older than the banners themselves. The text is the same in every language.
   */
  bannersJson: (ctx: AppContext, serialize: (banners: Banner[]) => string): Promise<KeptJson> =>
    // Kept as UTF-8 bytes, and compressed once (http/kept-json.ts).
    cached('banners:json', async () => new KeptJson(Buffer.from(serialize(await contentService.banners(ctx))))),
  notices: (ctx: AppContext, type: number): Promise<Notice[]> =>
    cached(`notices:${type}`, async () =>
      (await contentRepo.notices(ctx.db, type)).map((n) => ({
        id: n.id,
        type: n.type,
        title: text(n.titleZh, n.titleEn),
        content: text(n.contentZh, n.contentEn),
      })),
    ),
  importantNotice: async (ctx: AppContext, type: number): Promise<Notice | null> =>
    (await contentService.notices(ctx, type))[0] ?? null,
  newsPage: (ctx: AppContext, page: number, pageSize: number): Promise<NewsList> =>
    cached(`news:${page}:${pageSize}`, async () => {
      const { rows, total } = await contentRepo.newsPage(ctx.db, page, pageSize);
      return {
        list: rows.map(newsHead),
        total,
        page,
        pageSize,
      };
    }),
  async newsDetail(ctx: AppContext, id: number): Promise<NewsDetail> {
    const r = await cached(`news:item:${id}`, () => contentRepo.newsItem(ctx.db, id));
    if (!r) throw notFound('content.newsNotFound');
    return { ...newsHead(r), content: maybeText(r.contentZh, r.contentEn) };
  },
  forms: (ctx: AppContext): Promise<FormFile[]> =>
    cached('forms', async () =>
      (await contentRepo.forms(ctx.db))
        .filter((f) => f.storageKey || f.url)
        .map((f) => ({
          id: f.id,
          fileName: text(f.fileNameZh, f.fileNameEn),
          downloadUrl: f.storageKey ? `/api/baseInfo/downloadForm/${f.id}` : f.url!,
          external: !f.storageKey,
          size: f.size,
        })),
    ),
  /** A form's bytes as a stream: a file shipped with the repository (`seed/...`) or an object in storage. */
  async formFile(
    ctx: AppContext,
    id: number,
  ): Promise<{ body: Readable; size: number; name: string; contentType: string }> {
    const f = await contentRepo.form(ctx.db, id);
    if (!f?.storageKey) throw notFound('content.formNotFound');
    let file: { body: Readable; size: number } | null = null;
    if (f.storageKey.startsWith('seed/')) {
      const full = formPath(ctx, f.storageKey);
      if (full && fs.existsSync(full)) file = { body: fs.createReadStream(full), size: fs.statSync(full).size };
    } else {
      file = await ctx.storage.stream(f.storageKey);
    }
    if (!file) throw notFound('content.formNotFound');
    return { ...file, name: f.originalName ?? f.fileNameZh, contentType: f.contentType };
  },
  faqs: (ctx: AppContext, question: string, type?: number): Promise<Faq[]> =>
    cached(`faqs:${type ?? 0}:${question}`, async () =>
      (await contentRepo.faqs(ctx.db, question, type)).map((q) => ({
        id: q.id,
        type: q.type,
        question: text(q.questionZh, q.questionEn),
        answer: text(q.answerZh, q.answerEn),
      })),
    ),
  async centres(ctx: AppContext, province?: string): Promise<CollectionCentre[]> {
    const all = await cached('centres', async () =>
      (await contentRepo.centres(ctx.db)).map((c) => ({
        id: c.id,
        province: c.province,
        provinceEn: provinceEn(c.province),
        boffice: text(c.bofficeZh, c.bofficeEn),
        cperson: c.cperson,
        cpersonEn: c.cpersonEn.trim() || c.cperson,
        ftelephone: c.ftelephone,
        address: text(c.addressZh, c.addressEn),
        whours: text(c.whoursZh, c.whoursEn),
      })),
    );
    return province ? all.filter((c) => c.province === province) : all;
  },
  async staticPage(ctx: AppContext, key: string): Promise<StaticPage> {
    const p = await cached(`page:${key}`, () => contentRepo.staticPage(ctx.db, key));
    if (!p) throw notFound('content.pageNotFound');
    return {
      key: p.key,
      title: text(p.titleZh, p.titleEn),
      content: text(p.contentZh, p.contentEn),
      map: key === 'contactUs' ? CONTACT_MAP : null,
    };
  },
  pickNumber: (ctx: AppContext): Promise<PickNumber> =>
    cached(
      'pick_number',
      async () => {
        const since = seasonStart();
        return { count: await contentRepo.photosSince(ctx.db, since), since: since.toISOString() };
      },
      30_000,
    ),
};
