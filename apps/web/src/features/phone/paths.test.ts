import { describe, expect, it } from 'vitest';
import { phonePathFor, phonePaths } from './paths.ts';

describe('phone paths', () => {
  it('keeps the student on the phone portal when shared code sends them to a desktop address', () => {
    expect(phonePathFor('/login')).toBe('/phoneModify/login');
    expect(phonePathFor('/firstIn')).toBe('/phoneModify/firstIn');
    expect(phonePathFor('/home/myOrder')).toBe('/phoneModify/orders');
    expect(phonePathFor('/home/newsList')).toBe('/phoneModify');
    expect(phonePathFor('/phoneModify/orders/3?kind=task')).toBe('/phoneModify/orders/3?kind=task');
  });
  it('names an order of each kind', () => {
    expect(phonePaths.order(7)).toBe('/phoneModify/orders/7');
    expect(phonePaths.order(7, 'task')).toBe('/phoneModify/orders/7?kind=task');
    expect(phonePaths.pay(7)).toBe('/phoneModify/orders/7/pay');
  });
});
