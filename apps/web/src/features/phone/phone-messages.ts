import { useEffect, useState } from 'react';
import { addMessages, i18n } from '../../lib/i18n-core.ts';

/**
 * The contract's messages (validation, refusals, confirmations: `msg.<key>`) on the phone: a chunk
 * of their own, loaded with every screen but the login, the order list and an order,
 * which load them only when they show one, so the first load does not carry them.
 */
let loading: Promise<void> | undefined;
export const loadMessages = (): Promise<void> =>
  (loading ??= import('@portal/contract/messages').then((m) => addMessages(m.MESSAGES)));

/** True once the messages are there; starts loading them when `needed`. */
export function useMessages(needed = true): boolean {
  const [ready, setReady] = useState(() => i18n.exists('msg.error.signature'));
  useEffect(() => {
    if (needed && !ready) void loadMessages().then(() => setReady(true));
  }, [needed, ready]);
  return ready;
}
