import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Address } from '@portal/contract/addresses';
import type { PayInfoResponse, RefundView } from '@portal/contract/payments';
import { apiGet, apiPost, request } from './client.ts';

// The path decides the answer's type (PORTAL_RESPONSES in the contract's api-responses.ts): these
// lines are checked by the web's type check (`tsc -p apps/web`), where each `@ts-expect-error`
// fails the check if the line it marks ever compiles. They are never run (no call leaves).
async function typedCalls() {
  expectTypeOf(await apiGet('/api/address/list')).toEqualTypeOf<Address[]>();
  expectTypeOf(await apiGet('/api/binding/findCheckStatus')).toEqualTypeOf<number>();
  expectTypeOf(await apiGet('/api/refund/status', { query: { id: 1 } })).toEqualTypeOf<RefundView | null>();
  // A path with parameters and a path chosen at run time among two answer their routes' types.
  const scope = Math.random() > 0.5 ? 'pay' : 'taskPay';
  expectTypeOf(await apiPost(`/api/${scope}/getPayInfo`)).toEqualTypeOf<PayInfoResponse>();
  expectTypeOf((await request('POST', '/api/order/updatePerson')).data).toEqualTypeOf<null>();

  // @ts-expect-error a call cannot claim another type than its path answers
  const wrong: string = await apiGet('/api/binding/findCheckStatus');
  // @ts-expect-error nor choose it with a type argument
  await apiGet<Address[]>('/api/binding/findCheckStatus');
  // @ts-expect-error a POST path is not a GET path
  await apiGet('/api/address/save');
  // @ts-expect-error nor is a path the server does not answer
  await apiGet('/api/address/lists');
  // @ts-expect-error the data of a list is not an order
  const order: { id: number } = await apiPost('/api/order/schoolList');
  return [wrong, order];
}

describe('api client types', () => {
  it('are checked by the type check, not run', () => {
    expect(typeof typedCalls).toBe('function');
  });
});
