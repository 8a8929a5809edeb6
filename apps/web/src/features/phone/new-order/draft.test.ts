import { afterEach, describe, expect, it } from 'vitest';
import { setSession } from '../../../lib/session.ts';
import { clearDraft, loadDraft, saveDraft, stepOf } from './draft.ts';

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

const school = {
  yxdm: '10001',
  name: '北京大学',
  schoolname: '北京大学',
  schoolName: '北京大学',
  testPoint: 1,
  province: '北京市',
  schoolType: 1,
  educations: [1, 2, 3],
};

describe('the phone wizard draft', () => {
  it('keeps what was typed for a reload, but never the ID number', () => {
    setSession('memberId', 7);
    saveDraft({
      school,
      education: 4,
      orderId: 12,
      values: { name: '张三', major: '数学', id_num: '110108200001011237' },
    });
    expect(loadDraft()).toEqual({ school, education: 4, orderId: 12, values: { name: '张三', major: '数学' } });
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('110108200001011237');
    clearDraft();
    expect(loadDraft()).toEqual({ school: null, values: {} });
  });

  it('is the member’s own: another member on the same phone starts afresh', () => {
    setSession('memberId', 7);
    saveDraft({ school, values: { name: '张三' } });
    setSession('memberId', 8);
    expect(loadDraft()).toEqual({ school: null, values: {} });
  });

  it('reads the step from the address, anything else is the first', () => {
    expect(stepOf('shipping')).toBe('shipping');
    expect(stepOf('edit')).toBe('edit');
    expect(stepOf('pay')).toBe('tips');
    expect(stepOf(null)).toBe('tips');
  });
});
