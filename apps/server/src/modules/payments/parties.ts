import type { AppContext } from '../../context.ts';
import { createPayParties, type PayParties } from '../../providers/pay/pay-parties.ts';

const registry = new WeakMap<AppContext, PayParties>();

/** The payment parties of an app (created once per app; tests may swap a channel for a real adapter). */
export function payPartiesOf(ctx: AppContext): PayParties {
  let p = registry.get(ctx);
  if (!p) {
    p = createPayParties(ctx.config);
    registry.set(ctx, p);
  }
  return p;
}
