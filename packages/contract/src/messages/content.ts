import type { Text } from '../i18n.ts';

/** Messages of the content area (zh word for word from the specification, and en). */
export const contentMessages = {} as const satisfies Record<string, Text>;
