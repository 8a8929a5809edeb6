import { describe, expect, it } from 'vitest';
import { isTaskOrderNo, orderPicAllowState } from './order-rules.ts';

describe('order rules', () => {
  it('tells a task order number by its six leading zeros', () => {
    expect(isTaskOrderNo('000000202611240707160012345')).toBe(true);
    expect(isTaskOrderNo('20261124070716001234')).toBe(false);
    expect(isTaskOrderNo('00000120261124')).toBe(false);
  });
  it('allows the photo when the order or its first person allows it', () => {
    expect(orderPicAllowState(0, 0)).toBe(0);
    expect(orderPicAllowState(0, undefined)).toBe(0);
    expect(orderPicAllowState(1, 0)).toBe(1);
    expect(orderPicAllowState(0, 1)).toBe(1);
  });
});
