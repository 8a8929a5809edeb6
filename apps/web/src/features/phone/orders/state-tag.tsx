import { ORDER_STATE, ORDER_STATE_TEXT, type OrderState } from '@portal/contract/order-states';
import { pick } from '../../../lib/i18n-core.ts';

/** An order's state in words (document 2, section 4). */
export function StateTag({ state }: { state: number }) {
  const text = ORDER_STATE_TEXT[state as OrderState];
  const warn = state === ORDER_STATE.REJECTED || state === ORDER_STATE.PENDING_PAYMENT;
  return (
    <span className={warn ? 'phone-state phone-state-warn' : 'phone-state'} data-testid="order-state">
      {text ? pick(text) : String(state)}
    </span>
  );
}
