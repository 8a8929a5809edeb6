import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { members } from './members.ts';

/** A member's saved delivery addresses (the address book); at most one is the default. */
export const memberAddresses = pgTable(
  'member_addresses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    shippingType: integer().notNull(),
    receiveName: text().notNull(),
    receiveMobile: text().notNull(),
    provinceName: text().notNull(),
    cityName: text().notNull(),
    districtName: text().notNull(),
    address: text().notNull(),
    isDefault: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [index('member_addresses_member_idx').on(t.memberId)],
);
