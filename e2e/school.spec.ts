import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { consoleAs, data, shot } from './console-kit.ts';
import { test, expect } from './fixtures.ts';

/** The season's staff, items 6 and 8: an admin makes a school account; the school follows its cohort, exports it and prints its entry. */

const PASSWORD = 'School-pass-1';

async function logIn(page: Page, username: string) {
  await page.goto('/console');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(PASSWORD);
  await page
    .getByRole('button', { name: '登 录' })
    .or(page.getByRole('button', { name: '登录' }))
    .click();
}

test('a school account follows its cohort, exports it as Excel and prints the collection entry', async ({
  browser,
  baseURL,
  request,
}) => {
  // An admin creates the school's account on the staff page: the school code is asked for.
  const admin = await consoleAs(browser, baseURL!, 'admin');
  await admin.goto('/console/staff');
  await admin.getByRole('button', { name: '新增员工' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('用户名').fill('pku-office');
  await dialog.getByLabel('姓名').fill('北京大学学生处');
  await dialog.getByLabel('角色').click();
  await admin
    .locator('.ant-select-item-option')
    .filter({ hasText: /^学校$/ })
    .click();
  await dialog.getByLabel('密码').fill(PASSWORD);
  await dialog.getByRole('button', { name: /确\s?定|OK/ }).click();
  await expect(dialog.getByText('学校账号必须选择至少一所学校')).toBeVisible();
  await dialog.getByLabel('学校代码').fill('10001');
  await dialog.getByLabel('学校代码').press('Enter');
  await shot(admin, 'school-account-create');
  await dialog.getByRole('button', { name: /确\s?定|OK/ }).click();
  await expect(admin.getByRole('cell', { name: 'pku-office' })).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: 'pku-office' }).getByText('10001')).toBeVisible();

  // A student of the school has started an order; the others have not.
  const students = await data<{ yxdm: string; xh: string; xm: string }[]>(
    await request.get('/api/dev/national-students'),
  );
  const mine = students.filter((s) => s.yxdm === '10001');
  expect(mine.length).toBeGreaterThan(1);

  // One student's photo is approved, not yet in production: the school may send it back.
  const approved = mine[2] ?? mine[0];
  const made = await request.post('/api/dev/order', {
    data: { mobile: '13700000377', kind: 'task', state: 120, student: approved.xh },
  });
  expect(made.ok()).toBe(true);

  // The school logs in with its own password and sees only its menu entries.
  const ctx = await browser.newContext({ baseURL, acceptDownloads: true });
  const school = await ctx.newPage();
  await logIn(school, 'pku-office');
  await expect(school.getByRole('menuitem', { name: '本校采集进度' })).toBeVisible();
  await expect(school.getByRole('menuitem', { name: '照片审核' })).toHaveCount(0);
  await expect(school.getByRole('menuitem', { name: '员工管理' })).toHaveCount(0);
  await school.getByRole('menuitem', { name: '本校采集进度' }).click();
  await expect(school.getByRole('heading', { name: '本校采集进度' })).toBeVisible();
  await expect(school.getByText(`名单人数: ${mine.length}`)).toBeVisible();
  await expect(school.getByText(`未开始: ${mine.length - 1}`)).toBeVisible();
  await expect(school.getByRole('cell', { name: mine[0].xm })).toBeVisible();
  // ID numbers only masked.
  await expect(school.getByRole('cell', { name: /^\d{3}\*+[\dX]{4}$/ }).first()).toBeVisible();
  await shot(school, 'school-cohort');

  // Search by student number; the search is in the address and survives a reload.
  await school.getByLabel('学号或姓名').fill(mine[1].xh);
  await school.getByLabel('学号或姓名').press('Enter');
  await expect(school.getByRole('cell', { name: mine[1].xm })).toBeVisible();
  await expect(school.getByRole('cell', { name: mine[0].xm })).toHaveCount(0);
  await school.reload();
  await expect(school.getByRole('cell', { name: mine[1].xm })).toBeVisible();
  await expect(school.getByRole('cell', { name: mine[0].xm })).toHaveCount(0);

  // The Excel export downloads a workbook.
  const download = school.waitForEvent('download');
  await school.getByRole('button', { name: '导出 Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^cohort-10001-.+\.xlsx$/);
  const bytes = fs.readFileSync((await file.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');

  // Sending an approved photo back: a reason, a confirmation, and the student's row moves to refused.
  await school.goto('/console/cohort?state=approved');
  const row = school.locator('tbody tr.ant-table-row').filter({ hasText: approved.xm });
  await row.getByRole('button', { name: '退回重拍' }).click();
  const back = school.getByRole('dialog', { name: `退回 ${approved.xm} 的照片` });
  await expect(back.getByText('学生会收到通知，无需再次支付')).toBeVisible();
  await shot(school, 'school-reset');
  await back.getByRole('button', { name: '确认退回' }).click();
  await expect(school.getByText(`已退回 ${approved.xm} 的照片，学生会收到通知`)).toBeVisible();
  await school.goto('/console/cohort?state=refused');
  const refusedRow = school.locator('tbody tr.ant-table-row').filter({ hasText: approved.xm });
  await expect(refusedRow.getByText('已驳回')).toBeVisible();
  await expect(refusedRow).toContainText('照片背景不符合要求');

  // The printable entry: QR code, address and feature code; the address opens the collection page filled in.
  await school.getByRole('button', { name: '打印采集入口' }).click();
  await expect(school.getByRole('heading', { name: '北京大学 图像采集入口' })).toBeVisible();
  const url = await school.getByTestId('entry-url').innerText();
  const code = await school.getByTestId('entry-code').innerText();
  expect(url).toContain(`/home/collectFirst?yxdm=10001&code=${code}`);
  await expect(school.getByRole('img', { name: url })).toBeVisible();
  await shot(school, 'school-entry');
  const student = await browser.newPage({ baseURL });
  await student.goto(new URL(url).pathname + new URL(url).search);
  await expect(student.getByRole('combobox').first()).toHaveValue('北京大学');
  await expect(student.getByRole('textbox', { name: /特征码/ })).toHaveValue(code);

  // In English.
  await school.evaluate(() => localStorage.setItem('lang', 'en'));
  await school.goto('/console/cohort');
  await expect(school.getByRole('heading', { name: 'Our collection' })).toBeVisible();
  await expect(school.getByText(`Not started: ${mine.length - 1}`)).toBeVisible();
  await shot(school, 'school-cohort-en');
  // The refusal the school gave from the list reads in English too.
  await school.goto('/console/cohort?state=refused');
  await expect(school.locator('tbody tr.ant-table-row').filter({ hasText: approved.xm })).toContainText(
    'The background does not meet the requirements',
  );
  await school.goto('/console/cohort');
  await school.getByRole('button', { name: 'Print the collection entry' }).click();
  await expect(school.getByRole('heading', { name: /photo collection entry/ })).toBeVisible();
  await shot(school, 'school-entry-en');
});
