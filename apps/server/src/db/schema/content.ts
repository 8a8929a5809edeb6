import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

/** Public content, each text in zh and en; HTML is sanitized when stored. */
export const banners = pgTable('banners', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  picUrl: text().notNull(),
  type: integer().notNull(),
  url: text(),
  titleZh: text().notNull().default(''),
  titleEn: text().notNull().default(''),
  contentZh: text(),
  contentEn: text(),
  sort: integer().notNull().default(0),
  active: boolean().notNull().default(true),
  ...timestamps,
});

export const notices = pgTable('notices', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  /** 1 important-notice popup, 2 website notice tab. */
  type: integer().notNull(),
  titleZh: text().notNull().default(''),
  titleEn: text().notNull().default(''),
  contentZh: text().notNull(),
  contentEn: text().notNull(),
  sort: integer().notNull().default(0),
  active: boolean().notNull().default(true),
  ...timestamps,
});

export const news = pgTable(
  'news',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    titleZh: text().notNull(),
    titleEn: text().notNull(),
    /** 1 internal detail, 2 external url. */
    type: integer().notNull(),
    url: text(),
    contentZh: text(),
    contentEn: text(),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [index('news_published_idx').on(t.publishedAt)],
);

export const forms = pgTable('forms', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  fileNameZh: text().notNull(),
  fileNameEn: text().notNull(),
  /** The stored file: `seed/<file>` in the repository or a storage key; null when the form links out. */
  storageKey: text(),
  /** The uploaded file's own name and size in bytes. */
  originalName: text(),
  size: integer(),
  contentType: text().notNull().default('application/octet-stream'),
  /** An external download address, used instead of a stored file. */
  url: text(),
  sort: integer().notNull().default(0),
  ...timestamps,
});

export const faqs = pgTable('faqs', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  type: integer().notNull().default(1),
  questionZh: text().notNull(),
  questionEn: text().notNull(),
  answerZh: text().notNull(),
  answerEn: text().notNull(),
  sort: integer().notNull().default(0),
  ...timestamps,
});

export const collectionCentres = pgTable(
  'collection_centres',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    province: text().notNull(),
    bofficeZh: text().notNull(),
    bofficeEn: text().notNull(),
    cperson: text().notNull(),
    /** The contact as English pages show it (Teacher Wang for 王老师); empty shows the Chinese one. */
    cpersonEn: text().notNull().default(''),
    ftelephone: text().notNull(),
    addressZh: text().notNull(),
    addressEn: text().notNull(),
    whoursZh: text().notNull(),
    whoursEn: text().notNull(),
    sort: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index('centres_province_idx').on(t.province)],
);

export const staticPages = pgTable('static_pages', {
  key: text().primaryKey(),
  titleZh: text().notNull(),
  titleEn: text().notNull(),
  contentZh: text().notNull(),
  contentEn: text().notNull(),
  ...timestamps,
});

/** Runtime settings staff can change: maintenance notice, service phones, prices. */
export const settings = pgTable('settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  ...timestamps,
});
