import type { AppContext } from '../../context.ts';
import type { PayParties } from '../../providers/pay/pay-parties.ts';

/** The payment parties of an app, built with its other parties in providers/index.ts (tests may swap a channel for a real adapter). */
export function payPartiesOf(ctx: AppContext): PayParties {
  return ctx.pay;
}
