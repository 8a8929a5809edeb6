import type { Locator, Page, Response } from '@playwright/test';
import { test, expect, loginAs, apiData } from './fixtures.ts';

/** Journeys of the accounts area (issue 3): codes are read from the demo outbox, captchas from the demo hook. */

// Many journeys from one address load every page chunk; the per-IP request cap (which counts static files too) must not cut them off.
test.use({ serverEnv: { RATE_LIMIT_PER_MINUTE: '100000' } });

let seq = 0;
const newMobile = () => `138${String(Date.now() % 100000).padStart(5, '0')}${String(++seq).padStart(3, '0')}`;
const btn = (page: Page | Locator, text: string) =>
  page.getByRole('button', { name: new RegExp(`^\\s*${text.split('').join('\\s*')}\\s*$`) });

function nextCaptcha(page: Page): Promise<Response> {
  return page.waitForResponse((r) => r.url().includes('/api/login/getImageCode'));
}
async function answerOf(page: Page, res: Response): Promise<string> {
  const token = ((await res.json()) as { data: { imageCodeToken: string } }).data.imageCodeToken;
  return (await apiData<{ answer: string }>(page, `/api/dev/captcha?token=${token}`)).answer;
}
async function lastCode(page: Page, to: string): Promise<string> {
  await expect
    .poll(async () => (await apiData<unknown[]>(page, `/api/dev/outbox?to=${encodeURIComponent(to)}`)).length)
    .toBeGreaterThan(0);
  return (await apiData<{ code: string }[]>(page, `/api/dev/outbox?to=${encodeURIComponent(to)}`))[0].code;
}
const wrongOf = (answer: string) => (answer.toLowerCase() === 'zzzz' ? 'yyyy' : 'zzzz');

test('login: wrong captcha, wrong and expired SMS codes, then success, isFirst -> /firstIn -> home', async ({
  page,
}) => {
  const mobile = newMobile();
  let cap = nextCaptcha(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: '手机号登录 / 注册' })).toBeVisible();
  await expect(page.getByRole('checkbox')).toBeChecked();
  let answer = await answerOf(page, await cap);

  await page.getByLabel('手机号').fill(mobile);
  // Sending needs mobile and image code first.
  await btn(page, '获取验证码').click();
  await expect(page.getByText('请先输入手机号和图形验证码')).toBeVisible();

  // A wrong captcha is refused and a new one is drawn.
  cap = nextCaptcha(page);
  await page.getByLabel('图形验证码').fill(wrongOf(answer));
  await btn(page, '获取验证码').click();
  await expect(page.getByText('图形验证码错误，请重新输入')).toBeVisible();
  answer = await answerOf(page, await cap);

  await page.getByLabel('图形验证码').fill(answer);
  await btn(page, '获取验证码').click();
  await expect(page.getByText('验证码已发送')).toBeVisible();
  await expect(page.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();
  const code = await lastCode(page, mobile);
  await page.screenshot({ path: 'test-results/screens/accounts-login.png', fullPage: true });

  // Back on the page within the minute (as after logging out): the button counts down from the
  // seconds the server still asks to wait, not a vanished toast alone.
  cap = nextCaptcha(page);
  await page.reload();
  answer = await answerOf(page, await cap);
  await page.getByLabel('手机号').fill(mobile);
  await page.getByLabel('图形验证码').fill(answer);
  cap = nextCaptcha(page);
  await btn(page, '获取验证码').click();
  const wait = page.getByRole('button', { name: /^\s*(\d+)\s*秒后重新获取/ });
  await expect(wait).toBeDisabled();
  const left = Number((await wait.innerText()).match(/\d+/)![0]);
  expect(left).toBeGreaterThan(30);
  expect(left).toBeLessThanOrEqual(60);
  answer = await answerOf(page, await cap);
  await page.getByLabel('图形验证码').fill(answer);

  // A wrong SMS code: refused, and the failed login refreshes the captcha.
  cap = nextCaptcha(page);
  await page.getByLabel('手机验证码').fill(code === '000000' ? '111111' : '000000');
  await btn(page, '登录').click();
  await expect(page.getByText('验证码错误', { exact: true })).toBeVisible();
  answer = await answerOf(page, await cap);
  await expect(page.getByLabel('图形验证码')).toHaveValue('');

  // An expired code.
  await page.request.post('/api/dev/expire-codes', { data: { to: mobile } });
  cap = nextCaptcha(page);
  await page.getByLabel('图形验证码').fill(answer);
  await page.getByLabel('手机验证码').fill(code);
  await btn(page, '登录').click();
  await expect(page.getByText('验证码已失效，请重新获取')).toBeVisible();
  answer = await answerOf(page, await cap);

  // The terms must be ticked; the dialog holds the full text.
  await page.getByRole('button', { name: '《服务协议》和《隐私声明》' }).click();
  await expect(page.getByRole('dialog')).toContainText('我们收集哪些个人信息');
  await page.screenshot({ path: 'test-results/screens/accounts-terms.png' });
  await btn(page, '同意').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByRole('checkbox').uncheck();
  await btn(page, '登录').click();
  await expect(page.getByText('请勾选同意服务条款协议')).toBeVisible();
  await page.getByRole('checkbox').check();
});

test('login succeeds for a new number: /firstIn, then home with the personal centre', async ({ page }) => {
  const mobile = newMobile();
  const cap = nextCaptcha(page);
  await page.goto('/login');
  const answer = await answerOf(page, await cap);
  await page.getByLabel('手机号').fill(mobile);
  await page.getByLabel('图形验证码').fill(answer);
  await btn(page, '获取验证码').click();
  await page.getByLabel('手机验证码').fill(await lastCode(page, mobile));
  await btn(page, '登录').click();
  await expect(page).toHaveURL(/\/firstIn$/);
  await expect(page.getByRole('heading', { name: '完善基本信息' })).toBeVisible();
  // Confined to /firstIn.
  await page.goto('/home/newsList');
  await expect(page).toHaveURL(/\/firstIn$/);
  await page.getByLabel('姓名').fill('123');
  await page.getByLabel('电子邮箱').fill('bad');
  await btn(page, '保存').click();
  await expect(page.getByText('请输入正确的姓名')).toBeVisible();
  await expect(page.getByText('邮箱格式有误')).toBeVisible();
  // The e-mail is attached only with the code sent to it (issue 32).
  await expect(page.getByText('请输入邮箱验证码')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/accounts-first-in.png', fullPage: true });
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail code' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/accounts-first-in-en.png', fullPage: true });
  await page.evaluate(() => localStorage.setItem('lang', 'zh'));
  const firstInCap = nextCaptcha(page);
  await page.reload();
  const firstInAnswer = await answerOf(page, await firstInCap);
  await page.getByLabel('姓名').fill('陈晓');
  await page.getByLabel('电子邮箱').fill('chenxiao@example.com');
  await btn(page, '保存').click();
  await expect(page.getByText('请输入邮箱验证码')).toBeVisible();
  await btn(page, '获取验证码').click();
  await expect(page.getByText('请先输入邮箱和图形验证码')).toBeVisible();
  await page.getByLabel('图形验证码').fill(firstInAnswer);
  await btn(page, '获取验证码').click();
  await expect(page.getByText('验证码已发送')).toBeVisible();
  await page.getByLabel('邮箱验证码').fill(await lastCode(page, 'chenxiao@example.com'));
  await page.screenshot({ path: 'test-results/screens/accounts-first-in-code.png', fullPage: true });
  await btn(page, '保存').click();
  await expect(page.getByText('已成功完善基本信息')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: /个人中心/ })).toContainText('陈晓');
});

/** Through the sandbox consent page to /selectStudent; answers the captcha of the first (mobile) tab. */
async function thirdParty(page: Page): Promise<string> {
  await page.goto('/login');
  await page.getByRole('button', { name: '微信扫码登录' }).click();
  await expect(page.getByRole('heading', { name: /模拟第三方授权/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/accounts-oauth-consent.png' });
  const cap = nextCaptcha(page);
  await page.getByRole('button', { name: /确认登录/ }).click();
  await expect(page).toHaveURL(/\/selectStudent$/);
  return answerOf(page, await cap);
}

test('third-party login: an ordinary student binds name, mobile and SMS code', async ({ page }) => {
  const answer = await thirdParty(page);
  await page.screenshot({ path: 'test-results/screens/accounts-select-student.png', fullPage: true });
  const mobile = newMobile();
  await btn(page, '绑定并登录').click();
  await expect(page.getByText('名字不能为空')).toBeVisible();
  await expect(page.getByText('验证码不能为空')).toBeVisible();
  await page.getByLabel('姓名').fill('刘洋');
  await page.getByLabel('手机号').fill(mobile);
  // The code needs the image code first.
  await btn(page, '获取验证码').click();
  await expect(page.getByText('请先输入手机号和图形验证码')).toBeVisible();
  await page.getByLabel('图形验证码').fill(answer);
  await btn(page, '获取验证码').click();
  await page.getByLabel('手机验证码').fill(await lastCode(page, mobile));
  await btn(page, '绑定并登录').click();
  await expect(page).toHaveURL(/\/firstIn$/);
});

test('third-party login: a number with an account asks to confirm, resends with step 2 and links that account', async ({
  page,
}) => {
  const mobile = newMobile();
  await page.request.post('/api/dev/login', { data: { mobile, name: '老用户', mail: 'old@example.com' } });
  const answer = await thirdParty(page);
  await page.getByLabel('姓名').fill('老用户');
  await page.getByLabel('手机号').fill(mobile);
  await page.getByLabel('图形验证码').fill(answer);
  await btn(page, '获取验证码').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('该手机号已注册');
  await page.screenshot({ path: 'test-results/screens/accounts-step2.png' });
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('验证码已发送')).toBeVisible();
  await page.getByLabel('手机验证码').fill(await lastCode(page, mobile));
  await btn(page, '绑定并登录').click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: /个人中心/ })).toContainText('老用户');
});

test('third-party login: an international student binds name, e-mail and e-mail code', async ({ page }) => {
  await thirdParty(page);
  const cap = nextCaptcha(page);
  await page.getByRole('tab', { name: '留学生' }).click();
  const answer = await answerOf(page, await cap);
  const panel = page.getByRole('tabpanel', { name: '留学生' });
  const mail = `intl${Date.now()}@example.org`;
  await panel.getByRole('textbox', { name: '姓名' }).fill('Anna Smith');
  await panel.getByRole('textbox', { name: '电子邮箱' }).fill(mail);
  await panel.getByRole('textbox', { name: '图形验证码' }).fill(answer);
  await btn(panel, '获取验证码').click();
  await panel.getByRole('textbox', { name: '邮箱验证码' }).fill(await lastCode(page, mail));
  await btn(panel, '绑定并登录').click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: /个人中心/ })).toContainText('Anna Smith');

  // Another WeChat account binding by that mailbox is refused in words, never merged into Anna's (issue 32).
  await page.evaluate(() => {
    sessionStorage.clear();
    localStorage.removeItem('randomKey');
  });
  await thirdParty(page);
  const cap2 = nextCaptcha(page);
  await page.getByRole('tab', { name: '留学生' }).click();
  const answer2 = await answerOf(page, await cap2);
  await panel.getByRole('textbox', { name: '姓名' }).fill('Mallory');
  await panel.getByRole('textbox', { name: '电子邮箱' }).fill(mail);
  await panel.getByRole('textbox', { name: '图形验证码' }).fill(answer2);
  await btn(panel, '获取验证码').click();
  await expect(
    page.getByText('该邮箱已属于一个账户，不能用邮箱绑定。请选择“普通学生”，用该账户的手机号和短信验证码绑定'),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/accounts-bind-mail-held.png', fullPage: true });
  await expect(page).toHaveURL(/\/selectStudent$/);
});

test('personal centre: change name and e-mail', async ({ page }) => {
  await loginAs(page, newMobile(), { name: '原名', mail: 'first@example.com' });
  await page.goto('/personalInf');
  await expect(page.getByRole('heading', { name: '修改姓名' })).toBeVisible();
  await page.getByLabel('姓名').fill('');
  await btn(page, '保存').click();
  await expect(page.getByText('请输入姓名')).toBeVisible();
  await page.getByLabel('姓名').fill('新名字');
  await btn(page, '保存').click();
  await expect(page.getByText('修改成功').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /个人中心/ })).toContainText('新名字');
  // The address given before it had to be proven is marked, with the way to prove it (issue 32).
  await expect(page.getByText('未验证', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/accounts-personal-inf.png', fullPage: true });
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  await expect(page.getByText('Not verified', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/accounts-personal-inf-en.png', fullPage: true });
  await page.evaluate(() => localStorage.setItem('lang', 'zh'));

  let cap = nextCaptcha(page);
  await page.goto('/personalInf');
  await page.getByRole('link', { name: '去验证' }).click();
  await expect(page).toHaveURL(/\/chanEmali$/);
  await page.getByLabel('图形验证码').fill(await answerOf(page, await cap));
  await page.getByLabel('新邮箱').fill('first@example.com');
  cap = nextCaptcha(page);
  await btn(page, '获取验证码').click();
  await expect(page.getByText('验证码已发送')).toBeVisible();
  await page.getByLabel('邮箱验证码').fill(await lastCode(page, 'first@example.com'));
  await btn(page, '提交').click();
  await expect(page.getByText('修改成功').first()).toBeVisible();
  // Proven now: the same address is "the same as the old one".
  await page.goto('/personalInf');
  await expect(page.getByText('first@example.com', { exact: true })).toBeVisible();
  await expect(page.getByText('未验证', { exact: true })).toHaveCount(0);
  cap = nextCaptcha(page);
  await page.goto('/chanEmali');
  await page.getByLabel('图形验证码').fill(await answerOf(page, await cap));
  await page.getByLabel('新邮箱').fill('first@example.com');
  await btn(page, '获取验证码').click();
  await expect(page.getByText('新邮箱不能与原邮箱一样').first()).toBeVisible();
  await page.getByLabel('新邮箱').fill('second@example.com');
  await btn(page, '获取验证码').click();
  await expect(page.getByText('验证码已发送')).toBeVisible();
  await page.getByLabel('邮箱验证码').fill(await lastCode(page, 'second@example.com'));
  await page.screenshot({ path: 'test-results/screens/accounts-chan-email.png', fullPage: true });
  await btn(page, '提交').click();
  await expect(page.getByText('修改成功').first()).toBeVisible();
  await expect(page.getByText('second@example.com', { exact: true })).toBeVisible();
});

test('personal centre: changing the mobile ends the session', async ({ page }) => {
  const old = newMobile();
  const s = await loginAs(page, old, { name: '换号人' });
  const cap = nextCaptcha(page);
  await page.goto('/accountNum');
  const answer = await answerOf(page, await cap);
  const next = newMobile();
  await page.getByLabel('新手机号').fill(old);
  await page.getByLabel('图形验证码').fill(answer);
  await btn(page, '获取验证码').click();
  await expect(page.getByText('新手机号不能原手机号一样').first()).toBeVisible();
  await page.getByLabel('新手机号').fill(next);
  await btn(page, '获取验证码').click();
  await expect(page.getByText('验证码已发送')).toBeVisible();
  await page.getByLabel('手机验证码').fill(await lastCode(page, next));
  await page.screenshot({ path: 'test-results/screens/accounts-account-num.png', fullPage: true });
  await btn(page, '提交').click();
  await expect(page.getByText('修改成功').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  const r = await page.request.get('/api/member/getMemberInfo', {
    headers: { authorization: `Bearer ${s.token}`, memberid: String(s.memberId) },
  });
  expect(((await r.json()) as { code: number }).code).toBe(700);
});

test('deactivation: confirm, SMS code, account erased and logged out', async ({ page }) => {
  const mobile = newMobile();
  const s = await loginAs(page, mobile, { name: '要走的人' });
  const cap = nextCaptcha(page);
  await page.goto('/delUser');
  const answer = await answerOf(page, await cap);
  await btn(page, '注销账户').click();
  await expect(page.getByRole('dialog')).toContainText('此操作将注销账户, 是否继续?');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await page.getByLabel('图形验证码').fill(answer);
  await btn(page, '获取验证码').click();
  await expect(page.getByText('验证码已发送')).toBeVisible();
  await page.getByLabel('验证码', { exact: true }).fill(await lastCode(page, mobile));
  await page.screenshot({ path: 'test-results/screens/accounts-del-user.png', fullPage: true });
  await btn(page, '确认注销').click();
  await expect(page.getByText('注销成功!')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: '登录/注册' })).toBeVisible();
  const r = await page.request.get('/api/member/getMemberInfo', {
    headers: { authorization: `Bearer ${s.token}`, memberid: String(s.memberId) },
  });
  expect(((await r.json()) as { code: number }).code).toBe(700);
});

test('logout: confirm, exit, and the old token is refused', async ({ page }) => {
  const s = await loginAs(page, newMobile(), { name: '退出者' });
  await page.goto('/personalInf');
  await btn(page, '退出').click();
  await expect(page.getByRole('dialog')).toContainText('确认退出吗？');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByRole('button', { name: '登录/注册' })).toBeVisible();
  await expect
    .poll(async () => {
      const r = await page.request.get('/api/member/getMemberInfo', {
        headers: { authorization: `Bearer ${s.token}`, memberid: String(s.memberId) },
      });
      return ((await r.json()) as { code: number }).code;
    })
    .toBe(700);
});

test('deactivation with a paid order not yet shipped: said at once, why, with a link to the order (zh and en)', async ({
  page,
}) => {
  const mobile = newMobile();
  await loginAs(page, mobile, { name: '有订单的人' });
  const order = await apiDataPost<{ id: number; orderNo: string }>(page, '/api/dev/order', {
    mobile,
    kind: 'individual',
    state: 115,
  });
  await page.goto('/delUser');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('您有已支付但尚未发货的订单，暂不能注销账户，请在订单发货后再试');
  await expect(alert).toContainText('在以下订单发货前无法注销账户');
  // No dialog, no code: the deactivation button is not offered at all.
  await expect(btn(page, '注销账户')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/accounts-del-user-blocked.png', fullPage: true });
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('You have a paid order that has not been shipped yet');
  await expect(page.getByRole('link', { name: `View order ${order.orderNo}` })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/accounts-del-user-blocked-en.png', fullPage: true });
  await page.getByRole('link', { name: `View order ${order.orderNo}` }).click();
  await expect(page).toHaveURL(new RegExp(`/home/orderDetails\\?id=${order.id}&`));
});

test('the login page in Chinese and in English', async ({ page }) => {
  const cap = nextCaptcha(page);
  await page.goto('/login');
  await answerOf(page, await cap);
  await expect(page.getByRole('img', { name: '图形验证码' })).toBeVisible();
  // The tab names the page, in the page's language.
  await expect(page).toHaveTitle('登录 - 学生图像采集平台');
  await page.screenshot({ path: 'test-results/screens/accounts-login-zh.png', fullPage: true });
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  const capEn = nextCaptcha(page);
  await page.reload();
  await answerOf(page, await capEn);
  await expect(page.getByRole('img', { name: 'Image code' })).toBeVisible();
  await expect(page).toHaveTitle('Log in - Student Photo Portal');
  await page.getByLabel('Mobile', { exact: false }).first().fill('13800001234');
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.getByText('Please enter the mobile number and the image code first')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/accounts-login-en.png', fullPage: true });
});

async function apiDataPost<T>(page: Page, path: string, data: object): Promise<T> {
  const body = (await (await page.request.post(path, { data })).json()) as { code: number; data: T; msg: string };
  if (body.code !== 200) throw new Error(`${path}: ${body.code} ${body.msg}`);
  return body.data;
}
