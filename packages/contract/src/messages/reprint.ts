import type { Text } from '../i18n.ts';

/** Messages of the reprint area (zh word for word from the specification, and en). */
export const reprintMessages = {} as const satisfies Record<string, Text>;
