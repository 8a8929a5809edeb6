import { describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n.ts';
import { titleKeyFor } from './page-titles.ts';

describe("each page's tab title", () => {
  it('names the page from its route, in the current language', async () => {
    await i18n.changeLanguage('zh');
    expect(i18n.t(titleKeyFor('/home/myOrder')!)).toBe('我的订单');
    expect(i18n.t(titleKeyFor('/home/newsList/newsDetails/12')!)).toBe('新闻详情');
    expect(i18n.t(titleKeyFor('/home/helpCenter/2')!)).toBe('帮助中心');
    expect(i18n.t(titleKeyFor('/HOME/SUBMITPHOTO/uploadPhoto/')!)).toBe('上传照片');
    expect(titleKeyFor('/no/such/page')).toBe('title.notFound');
    expect(titleKeyFor('/phoneModify/orders')).toBeNull();
    await i18n.changeLanguage('en');
    expect(i18n.t(titleKeyFor('/home/myOrder')!)).toBe('My orders');
  });
});
