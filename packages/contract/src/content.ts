import { z } from 'zod';

/** Shapes of the public content calls (document 1, sections 3 and 7). Texts come in both languages. */
export const textSchema = z.object({ zh: z.string(), en: z.string() });

export const bannerSchema = z.object({
  id: z.number(),
  picUrl: z.string(),
  /** 1 external url (new window), 2 inline content (/bannerContent). */
  type: z.number(),
  url: z.string().nullable(),
  title: textSchema,
  content: textSchema.nullable(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const noticeSchema = z.object({ id: z.number(), type: z.number(), title: textSchema, content: textSchema });
export type Notice = z.infer<typeof noticeSchema>;

export const newsItemSchema = z.object({
  id: z.number(),
  title: textSchema,
  /** 1 internal detail, 2 external url. */
  type: z.number(),
  url: z.string().nullable(),
  publishedAt: z.string(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

/** News is divided every 20 items (document 1, section 9). */
export const NEWS_PAGE_SIZE = 20;
export const newsListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(NEWS_PAGE_SIZE),
});
export const newsListSchema = z.object({
  list: z.array(newsItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type NewsList = z.infer<typeof newsListSchema>;

export const newsDetailSchema = newsItemSchema.extend({ content: textSchema.nullable() });
export type NewsDetail = z.infer<typeof newsDetailSchema>;

export const formFileSchema = z.object({
  id: z.number(),
  fileName: textSchema,
  /** Our download route, or the external address of a form that links out. */
  downloadUrl: z.string(),
  external: z.boolean(),
  /** Bytes of a stored file, when known. */
  size: z.number().nullable(),
});
export type FormFile = z.infer<typeof formFileSchema>;

export const faqSchema = z.object({ id: z.number(), type: z.number(), question: textSchema, answer: textSchema });
export type Faq = z.infer<typeof faqSchema>;

/** FAQ types of the help centre. */
export const FAQ_TYPES: Record<number, { zh: string; en: string }> = {
  1: { zh: '照片采集', en: 'Photo collection' },
  2: { zh: '订单与支付', en: 'Orders and payment' },
  3: { zh: '账号与登录', en: 'Account and login' },
  4: { zh: '冲印与邮寄', en: 'Reprints and delivery' },
};

export const collectionCentreSchema = z.object({
  id: z.number(),
  province: z.string(),
  /** The province's English name (the contract's table). */
  provinceEn: z.string(),
  boffice: textSchema,
  cperson: z.string(),
  /** The contact on English pages; the Chinese form when none was entered. */
  cpersonEn: z.string(),
  ftelephone: z.string(),
  address: textSchema,
  whours: textSchema,
});
export type CollectionCentre = z.infer<typeof collectionCentreSchema>;

export const STATIC_PAGE_KEYS = ['aboutUs', 'copyRight', 'contactUs'] as const;
export type StaticPageKey = (typeof STATIC_PAGE_KEYS)[number];
export const staticPageSchema = z.object({
  key: z.string(),
  title: textSchema,
  content: textSchema,
  /** Contact page only: where the map is centred. */
  map: z.object({ lon: z.number(), lat: z.number(), zoom: z.number(), address: textSchema }).nullable(),
});
export type StaticPage = z.infer<typeof staticPageSchema>;

/** The map bounds of the contact page (document 1, section 2). */
export const MAP_BOUNDS = { minLon: -180, maxLon: 180, minLat: -74, maxLat: 74, minZoom: 3, maxZoom: 19 } as const;

/** pick_number: photos collected this season (since 1 September). */
export const pickNumberSchema = z.object({ count: z.number(), since: z.string() });
export type PickNumber = z.infer<typeof pickNumberSchema>;
