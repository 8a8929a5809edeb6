import type { Text } from '../i18n.ts';

/** Messages of the payments area (zh word for word from the specification, and en). */
export const paymentsMessages = {} as const satisfies Record<string, Text>;
