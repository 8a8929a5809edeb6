import fs from 'node:fs';
import { consoleAs, data, shot } from './console-kit.ts';
import { test, expect } from './fixtures.ts';

// Its own server: the rows made here stay out of the other console journeys.
test.use({ serverEnv: {} });

test('production staff export a school as a background job, follow it to done and download the ZIP', async ({
  browser,
  baseURL,
  request,
}) => {
  await data(
    await request.post('/api/dev/approved-photos', {
      data: { mobile: '13800003901', yxdm: '10001', known: 0, unknown: 3 },
    }),
  );
  const prod = await consoleAs(browser, baseURL!, 'production');
  await prod.goto('/console/export');
  await prod.getByLabel('院校代码').fill('10001');
  await prod.getByRole('button', { name: '导出ZIP' }).click();
  const job = prod.getByRole('table', { name: '导出任务' }).getByRole('row').nth(1);
  await expect(job).toContainText('已完成', { timeout: 60_000 });
  await expect(job).toContainText('已处理 3 / 3，已导出照片 3 张');
  await shot(prod, 'console-export-job');
  const [download] = await Promise.all([
    prod.waitForEvent('download'),
    job.getByRole('button', { name: /下载ZIP/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^national-10001-\d+\.zip$/);
  const zip = fs.readFileSync((await download.path())!);
  expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(zip.includes(Buffer.from('10001/manifest.csv'))).toBe(true);

  await prod.getByRole('button', { name: 'English' }).click();
  await expect(prod.getByRole('table', { name: 'Export jobs' }).getByRole('row').nth(1)).toContainText(
    '3 / 3 rows done, 3 photos exported',
  );
  await shot(prod, 'console-export-job-en');
});

test("production staff ship orders from a carrier's file: a dry run first, then confirmed", async ({
  browser,
  baseURL,
  request,
}) => {
  const make = async (mobile: string, state: number) =>
    data<{ orderNo: string }>(
      await request.post('/api/dev/order', {
        data: { mobile, kind: 'individual', persons: 1, withShipping: true, state },
      }),
    );
  const a = await make('13800003911', 130);
  const b = await make('13800003912', 130);
  const paid = await make('13800003913', 115);
  const csv = [
    '订单编号,运单号,快递公司',
    `${a.orderNo},SF390000000001,顺丰速运`,
    `${b.orderNo},SF390000000002,顺丰速运`,
    `${paid.orderNo},SF390000000003,顺丰速运`,
    'NO-SUCH-ORDER,SF390000000004,顺丰速运',
  ].join('\r\n');
  const prod = await consoleAs(browser, baseURL!, 'production');
  await prod.goto('/console/shipping');
  await prod.getByRole('button', { name: '按快递回单批量发货' }).click();
  const dialog = prod.getByRole('dialog', { name: '批量发货' });
  await dialog.locator('input[type=file]').setInputFiles({
    name: '顺丰回单.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await dialog.getByRole('button', { name: /预\s?检/ }).click();
  await expect(dialog.getByText('预检结果：2 个订单将发货，2 行不能发货（见下表原因）')).toBeVisible();
  await expect(dialog.getByRole('row').filter({ hasText: paid.orderNo })).toContainText(
    '订单当前状态不能发货（须为制作中）',
  );
  await expect(dialog.getByRole('row').filter({ hasText: 'NO-SUCH-ORDER' })).toContainText('订单不存在');
  await shot(prod, 'console-bulk-ship-dry-run');
  await dialog.getByRole('button', { name: '确认发货 2 个订单' }).click();
  const confirm = prod.getByRole('dialog', { name: '确认批量发货' });
  await confirm.getByRole('button', { name: /确认发货/ }).click();
  await expect(dialog.getByText('已发货 2 个订单，2 行未发货')).toBeVisible();
  await shot(prod, 'console-bulk-ship-done');
  // Closed by its own close button, and seen closed, before the page behind it is used (Escape
  // reached the confirmation that was still closing, and the dialog stayed over the tabs).
  await dialog.getByRole('button', { name: /close|关闭/i }).click();
  await expect(dialog).toBeHidden();
  await prod.getByRole('tab', { name: '已发货' }).click();
  await expect(prod.getByRole('row').filter({ hasText: a.orderNo })).toContainText('SF390000000001');

  await prod.getByRole('button', { name: 'English' }).click();
  await prod.getByRole('button', { name: "Ship from a carrier's file" }).click();
  const en = prod.getByRole('dialog', { name: 'Bulk shipping' });
  await en
    .locator('input[type=file]')
    .setInputFiles({ name: 'sf.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await en.getByRole('button', { name: 'Dry run' }).click();
  await expect(en.getByText('Dry run: 0 orders would ship, 4 rows would not (reasons below)')).toBeVisible();
  await shot(prod, 'console-bulk-ship-en');
});
