import { describe, expect, it } from 'vitest';
import { addLocales, i18n } from '../../lib/i18n.ts';
import consoleLocale from '../../locales/console.ts';
import consoleWords from '../../locales/console-words.ts';
import { actionText, diffLines, scopeText } from './audit-words.ts';
import { yuanLabel } from '@portal/contract/prices';

addLocales(consoleLocale, consoleWords);

describe('the console in words', () => {
  it('names an export scope instead of showing {}', async () => {
    await i18n.changeLanguage('zh');
    expect(scopeText(i18n.t, {})).toBe('全部');
    expect(scopeText(i18n.t, { yxdm: '10001', from: '2026-09-01' })).toBe('院校代码: 10001 · 开始日期: 2026-09-01');
    await i18n.changeLanguage('en');
    expect(scopeText(i18n.t, {})).toBe('All');
  });

  it('reads an audit entry as words and "field: before → after"', async () => {
    await i18n.changeLanguage('zh');
    expect(actionText(i18n.t, 'order.deliver')).toBe('确认送达');
    expect(actionText(i18n.t, 'content.notices.update')).toBe('修改公告');
    expect(diffLines(i18n.t, { state: 140, refuseReason: null }, { state: 145 })).toEqual(['状态: 已发货 → 已完成']);
    expect(
      diffLines(
        i18n.t,
        { contentZh: '<p>旧</p>', updatedAt: '2026-11-24T05:19:41.003Z' },
        { contentZh: '<p>新 <b>通知</b></p>', updatedAt: '2026-11-24T05:19:47.122Z' },
      ),
    ).toEqual(['内容（中文）: 旧 → 新 通知']);
    // A task's changed price and deadline, old and new (issue 32, item 2).
    const task = {
      priceFen: 3000,
      endTime: '2030-06-30T10:00:00.000Z',
      fy: 'SH',
      updatedAt: '2026-11-24T05:19:41.003Z',
    };
    expect(
      diffLines(i18n.t, task, { ...task, priceFen: 4800, endTime: '2031-01-31T10:00:00.000Z', updatedAt: 'x' }),
    ).toEqual([
      `价格: ${yuanLabel(3000)} → ${yuanLabel(4800)}`,
      `截止时间: ${new Date('2030-06-30T10:00:00.000Z').toLocaleString('zh-CN', { hour12: false })} → ${new Date(
        '2031-01-31T10:00:00.000Z',
      ).toLocaleString('zh-CN', { hour12: false })}`,
    ]);
    expect(actionText(i18n.t, 'schools.branch')).toBe('设置学校所属分公司');
    // A refund paid out: the action, its status and where the answer came from in words (issue 38).
    expect(actionText(i18n.t, 'refund.refunded')).toBe('退款到账');
    expect(diffLines(i18n.t, { status: 3 }, { status: 4, reason: null, source: 'refund call' }, 'refund')).toEqual([
      '状态: 审核通过 → 已退款',
      '来源: （空） → 退款接口应答',
    ]);
    expect(diffLines(i18n.t, { state: 2 }, { state: 3 }, 'binding')).toEqual(['状态: 解绑审核中 → 已解绑']);
    await i18n.changeLanguage('en');
    expect(actionText(i18n.t, 'content.notices.update')).toBe('Edited Notices');
    expect(diffLines(i18n.t, { state: 140 }, { state: 145 })).toEqual(['State: Shipped → Completed']);
    expect(actionText(i18n.t, 'refund.refunded')).toBe('Refund paid out');
    expect(diffLines(i18n.t, {}, { source: 'refund call' }, 'refund')).toEqual([
      "Source: (empty) → The refund call's answer",
    ]);
    // The added photo-check items use the photo page's words.
    expect(i18n.t('console.check.faceCount')).toBe(i18n.t('photos.item.faceCount'));
  });
});
