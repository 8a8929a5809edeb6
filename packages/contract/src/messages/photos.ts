import type { Text } from '../i18n.ts';

/** Messages of the photos area (zh word for word from the specification, and en). */
export const photosMessages = {} as const satisfies Record<string, Text>;
