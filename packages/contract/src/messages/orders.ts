import type { Text } from '../i18n.ts';

/** Messages of the orders area (zh word for word from the specification, and en). */
export const ordersMessages = {} as const satisfies Record<string, Text>;
