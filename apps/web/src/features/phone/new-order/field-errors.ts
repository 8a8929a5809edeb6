/**
 * The first message of each field a schema refused, in the reader's words (the contract's message
 * keys under `msg.`): what the wizard's steps show under their fields.
 */
export function fieldErrors<K extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  t: (key: string) => string,
): Partial<Record<K, string>> {
  const found: Partial<Record<K, string>> = {};
  for (const i of issues) {
    const k = String(i.path[0]) as K;
    if (!found[k]) found[k] = t(`msg.${i.message}`);
  }
  return found;
}
