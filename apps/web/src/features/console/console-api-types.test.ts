import { describe, expect, expectTypeOf, it } from 'vitest';
import type { StaffMe } from '@portal/contract/console';
import type { ConsoleRefundRow } from '@portal/contract/payments';
import { cGet, cPost } from './console-api.ts';

// The console's path decides the answer's type (CONSOLE_RESPONSES in the contract's
// api-responses.ts): checked by the web's type check, where each `@ts-expect-error` fails the
// check if the line it marks ever compiles. Never run.
async function typedCalls() {
  expectTypeOf(await cGet('/api/console/me')).toEqualTypeOf<StaffMe>();
  expectTypeOf(await cPost('/api/console/refunds/7/approve')).toEqualTypeOf<ConsoleRefundRow>();
  expectTypeOf((await cGet('/api/console/orders')).rows[0].id).toEqualTypeOf<number>();

  // @ts-expect-error a call cannot claim another type than its path answers
  const wrong: null = await cPost('/api/console/refunds/7/approve');
  // @ts-expect-error nor choose it with a type argument
  await cGet<StaffMe>('/api/console/me');
  // @ts-expect-error nor call a route outside the role table
  await cGet('/api/console/secrets');
  return wrong;
}

describe('console client types', () => {
  it('are checked by the type check, not run', () => {
    expect(typeof typedCalls).toBe('function');
  });
});
