import type { Text } from '../i18n.ts';

/** Messages of the console area (zh word for word from the specification, and en). */
export const consoleMessages = {} as const satisfies Record<string, Text>;
