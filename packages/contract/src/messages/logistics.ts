import type { Text } from '../i18n.ts';

/** Messages of the logistics area (zh word for word from the specification, and en). */
export const logisticsMessages = {} as const satisfies Record<string, Text>;
