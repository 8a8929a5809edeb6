import { describe, expect, it } from 'vitest';
import { idCardField, isValidIdCard, maskIdNumber, mobileField, nameField, PATTERNS } from './validation.ts';
import { canDelete, canModify, canRefund, canDownloadPhoto, paidStateFor } from './order-states.ts';
import { reprintTotalFen, individualTotalFen } from './prices.ts';
import { bodySign, responseSign, signBody, base64DecodeUtf8 } from './envelope.ts';

describe('validation rules', () => {
  it('checks mainland ID numbers with their check digit', () => {
    expect(isValidIdCard('11010519491231002X')).toBe(true);
    expect(isValidIdCard('110105194912310021')).toBe(false);
    expect(idCardField.safeParse('11010519491231002x').success).toBe(true);
  });
  it('gives the specification messages as keys', () => {
    expect(mobileField.safeParse('').error?.issues[0].message).toBe('mobile.required');
    expect(mobileField.safeParse('2345678901').error?.issues[0].message).toBe('mobile.invalid');
    expect(nameField.safeParse('张三').success).toBe(true);
    expect(nameField.safeParse('阿卜杜·热西提').success).toBe(true);
    expect(nameField.safeParse('张三1').error?.issues[0].message).toBe('name.invalid');
  });
  it('has the collection-entry and landline patterns', () => {
    expect(PATTERNS.collectionNumber.test('12345678901234567X')).toBe(true);
    expect(PATTERNS.collectionNumber.test('202110001001')).toBe(true);
    expect(PATTERNS.collectionNumber.test('123')).toBe(false);
    expect(PATTERNS.collectionNumber.test('2021-1000')).toBe(false);
    expect(PATTERNS.landline.test('010-88888888')).toBe(true);
  });
  it('masks ID numbers', () => {
    expect(maskIdNumber('110105194912310021')).toBe('110***********0021');
  });
});

describe('permitted actions', () => {
  it('follows the individual list rules', () => {
    const o = (state: number, payTime?: string) => ({ kind: 'individual' as const, state, payTime });
    expect(canDelete(o(110))).toBe(true);
    expect(canDelete(o(115))).toBe(false);
    expect([110, 115, 125].every((s) => canModify(o(s)))).toBe(true);
    expect(canModify(o(120))).toBe(false);
    expect(canRefund(o(115, '2026-01-01'))).toBe(true);
    expect(canRefund(o(115))).toBe(false);
    expect(canRefund(o(150))).toBe(true);
  });
  it('blocks modifying a rejected task order uploaded after the end time', () => {
    const base = { kind: 'task' as const, state: 125, isFile: 1, endTime: '2026-06-01T00:00:00Z' };
    expect(canModify({ ...base, fileTime: '2026-05-01T00:00:00Z' })).toBe(true);
    expect(canModify({ ...base, fileTime: '2026-06-02T00:00:00Z' })).toBe(false);
  });
  it('allows downloads only with the photo-allowed flag', () => {
    expect(canDownloadPhoto({ kind: 'individual', state: 120, picAllowState: 1 })).toBe(true);
    expect(canDownloadPhoto({ kind: 'individual', state: 120, picAllowState: 0 })).toBe(false);
    expect(canDownloadPhoto({ kind: 'task', state: 115, picAllowState: 1 })).toBe(false);
  });
  it('knows the paid state of each kind', () => {
    expect([paidStateFor('individual'), paidStateFor('reprint'), paidStateFor('task')]).toEqual([115, 120, 116]);
  });
});

describe('prices', () => {
  it('computes individual and reprint totals', () => {
    expect(individualTotalFen(3)).toBe(13500);
    expect(reprintTotalFen(0, false)).toBe(0);
    expect(reprintTotalFen(0, true)).toBe(3000);
    expect(reprintTotalFen(1, false)).toBe(3000);
    expect(reprintTotalFen(100, true)).toBe(103000);
  });
});

describe('signatures', () => {
  it('signs responses and bodies the documented way', () => {
    expect(responseSign(200, 1, 's')).toMatch(/^[0-9a-f]{64}$/);
    const b = signBody({ name: '张三' }, 'key');
    expect(b.sign).toBe(bodySign(b.object, 'key'));
    expect(JSON.parse(base64DecodeUtf8(b.object))).toEqual({ name: '张三' });
  });
});
