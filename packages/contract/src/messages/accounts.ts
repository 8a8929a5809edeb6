import type { Text } from '../i18n.ts';

/** Messages of the accounts area (zh word for word from the specification, and en). */
export const accountsMessages = {} as const satisfies Record<string, Text>;
