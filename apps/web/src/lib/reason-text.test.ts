import { afterEach, describe, expect, it } from 'vitest';
import { i18n, reasonText } from './i18n.ts';

describe('reasonText', () => {
  afterEach(() => i18n.changeLanguage('zh'));

  it('shows a reason stored as a message key in the current language', async () => {
    await i18n.changeLanguage('zh');
    const zh = reasonText('reprint.orderClosedBindingLost');
    await i18n.changeLanguage('en');
    const en = reasonText('reprint.orderClosedBindingLost');
    expect(zh).not.toContain('reprint.');
    expect(en).not.toContain('reprint.');
    expect(zh).not.toBe(en);
  });

  it('shows a reason a reviewer typed as typed', () => {
    expect(reasonText('照片背景不是纯色')).toBe('照片背景不是纯色');
  });
});
