import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, loadDraft, saveDraft, stepOf } from './wizard-draft.ts';

afterEach(() => sessionStorage.clear());

describe('submission wizard draft', () => {
  it('keeps the school, education and typed fields for the next load', () => {
    const school = {
      yxdm: '10001',
      name: '北京大学',
      schoolname: '北京大学',
      schoolName: '北京大学',
      testPoint: 0,
      province: '北京市',
      schoolType: 1,
      educations: [1, 2, 3],
    };
    saveDraft(undefined, { school, education: 2, values: { major: '数学', name: '张三' } });
    expect(loadDraft()).toEqual({ school, education: 2, values: { major: '数学', name: '张三' } });
    expect(loadDraft(7)).toBeNull();
  });

  it('never writes the ID number to the browser storage', () => {
    saveDraft(7, { school: null, values: { id_num: '110108200001010018', major: '数学' } });
    expect(JSON.stringify(sessionStorage)).not.toContain('110108200001010018');
    expect(Object.values({ ...sessionStorage }).join('')).not.toContain('110108200001010018');
    expect(loadDraft(7)?.values.id_num).toBeUndefined();
    clearDraft(7);
    expect(loadDraft(7)).toBeNull();
  });

  it('reads the step from the address, the first step otherwise', () => {
    expect(stepOf('form')).toBe('form');
    expect(stepOf(null)).toBe('tips');
    expect(stepOf('nonsense')).toBe('tips');
  });
});
