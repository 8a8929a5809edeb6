import type { Text } from '../i18n.ts';

/** Messages of the task area (zh word for word from the specification, and en). */
export const taskMessages = {} as const satisfies Record<string, Text>;
