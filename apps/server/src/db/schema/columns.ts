import { timestamp } from 'drizzle-orm/pg-core';

/** Shared timestamp columns; times are stored in UTC. */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
