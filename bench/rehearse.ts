/**
 * npm run rehearse: the production topology on this machine, started by one command, walked by
 * a student's journey through the load balancer, then stopped.
 *
 * - two instances of the compiled build (apps/server/dist) with NODE_ENV=production;
 * - HAProxy from Debian in front of them, checking /api/health/ready (apt-get install haproxy);
 * - the machine's PostgreSQL (REHEARSE_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres):
 *   a database of its own, created here and dropped at the end;
 * - an S3-compatible server (s3rver, as the storage tests use) for the photos;
 * - local stand-ins for the outside parties, the ones the adapters' tests use as the other side:
 *   SMS (the Alibaba Cloud imitation), mail (an SMTP server), WeChat Pay (the platform gateway,
 *   signing answers and notifications with its own keys), the national platform and Kuaidi100
 *   (small HTTP servers answering as documented).
 *
 * The journey: image captcha (its answer read from the database: production has no hook) and
 * SMS login, the profile, the photo consent, a photo upload checked by the worker, an order with
 * shipping, WeChat Pay (a signed notification), the first staff admin made with the operator's
 * command, review, production, shipping (Kuaidi100 subscribed) and a tracking push that marks the
 * parcel delivered; every call but the notifications goes through the balancer. It prints each
 * step's time and exits 1 on the first failure.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { SMTPServer } from 'smtp-server';
import { responseSign, signBody, type Envelope } from '@portal/contract/envelope';
import { PHOTO_CONSENT_VERSION } from '@portal/contract/orders';
import { startSmsImitation } from '../apps/server/src/providers/sms-imitation.testkit.ts';
import { platformsBehindGateway, MCH, APPID } from '../apps/server/test/pay-platforms.ts';
import { PRODUCTION_SITE_ENV } from '../apps/server/src/site-info-config.ts';
import { NOTICE_TEMPLATE_ENV } from '../apps/server/src/config/notices.testkit.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'apps/server/dist/main.js');
const PHOTO = path.join(ROOT, 'apps/server/test/fixtures/photos/compliant-1.jpg');
const BASE_DB = process.env.REHEARSE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECRET = crypto.randomBytes(24).toString('hex');
const t0 = performance.now();
const cleanups: (() => Promise<unknown> | unknown)[] = [];

const log = (msg: string) => console.log(`[${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s] ${msg}`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** A tiny HTTP party: records each request (path, form or JSON body) and answers with `answer`. */
async function party(answer: (path: string, body: string) => unknown) {
  const seen: { path: string; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', body });
      res.setHeader('content-type', 'application/json;charset=UTF-8');
      res.end(JSON.stringify(answer(req.url ?? '', body)));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise((r) => server.close(r));
  });
  return { url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`, seen };
}

/** A child process whose output is kept for a failure message. */
function child(cmd: string, args: string[], env: NodeJS.ProcessEnv): { p: ChildProcess; out: () => string } {
  const p = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (b: Buffer) => (out = (out + b.toString()).slice(-6000));
  p.stdout?.on('data', keep);
  p.stderr?.on('data', keep);
  return { p, out: () => out };
}

async function stopChild(p: ChildProcess): Promise<void> {
  if (p.exitCode !== null || p.signalCode !== null) return;
  const gone = new Promise((r) => p.once('exit', r));
  p.kill('SIGTERM');
  const t = setTimeout(() => p.kill('SIGKILL'), 20_000);
  await gone;
  clearTimeout(t);
}

async function waitFor(what: string, ok: () => Promise<boolean>, ms: number, dead?: () => string | null) {
  const end = Date.now() + ms;
  for (;;) {
    const why = dead?.();
    if (why) throw new Error(`${what}: ${why}`);
    if (await ok().catch(() => false)) return;
    if (Date.now() > end) throw new Error(`${what}: not within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The 6-digit code of a mail as the SMTP server received it (its body plain, quoted-printable or base64). */
function codeInMail(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  const texts = [
    body.replace(/=\r\n/g, ''),
    ...body.split(/\r\n\r\n/).map((b) => Buffer.from(b, 'base64').toString('utf8')),
  ];
  for (const t of texts) {
    const m = /(?<![\d.-])(\d{6})(?![\d.-])/.exec(t);
    if (m) return m[1]!;
  }
  throw new Error(`no code in the mail:\n${raw.slice(0, 2000)}`);
}

/** A valid mainland ID number: 17 digits and their check character. */
function idNumber(body: string): string {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((n, d, i) => n + Number(d) * w[i]!, 0);
  return body + '10X98765432'[sum % 11];
}

interface Session {
  token: string;
  randomKey: string;
  memberId: number;
}

/** A call through the balancer as the web makes it: signed member bodies, the answer's signature checked. */
async function api<T>(
  base: string,
  url: string,
  opts: { body?: unknown; form?: FormData; session?: Session; staff?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (opts.session) {
    headers.authorization = `Bearer ${opts.session.token}`;
    headers.memberid = String(opts.session.memberId);
  }
  if (opts.staff) headers['x-staff-token'] = opts.staff;
  let body: string | FormData | undefined = opts.form;
  if (!body && opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.session ? signBody(opts.body, opts.session.randomKey) : opts.body);
  }
  const res = await fetch(base + url, {
    method: body ? 'POST' : 'GET',
    headers,
    body,
    signal: AbortSignal.timeout(120_000),
  });
  const env = (await res.json()) as Envelope<T>;
  if (env.sign !== responseSign(env.code, env.timestamp, SECRET)) throw new Error(`${url}: bad answer signature`);
  if (env.code !== 200) throw new Error(`${url}: ${res.status} ${env.code} ${env.msg}`);
  return env.data;
}

async function main() {
  if (!fs.existsSync(DIST)) {
    log('building the server (scripts/build-server.mjs)');
    if (spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' }).status !== 0)
      throw new Error('the server build failed');
  }
  if (spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status !== 0)
    throw new Error('HAProxy is not installed: apt-get install haproxy');

  // PostgreSQL: a database of the rehearsal's own.
  const dbName = `portal_rehearsal_${process.pid}`;
  const admin = new pg.Client({ connectionString: BASE_DB });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  cleanups.push(async () => {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });
  const dbUrl = Object.assign(new URL(BASE_DB), { pathname: `/${dbName}` }).toString();
  log(`PostgreSQL database ${dbName}`);

  // The bucket.
  const s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehearse-s3-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: 'portal-photos', configs: [] }],
  });
  const { port: s3port } = await s3.run();
  cleanups.push(async () => {
    await s3.close();
    fs.rmSync(s3dir, { recursive: true, force: true });
  });

  // The outside parties.
  const sms = await startSmsImitation();
  cleanups.push(() => sms.close());
  const inbox: { to: string; raw: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo[0]?.address ?? '', raw });
        cb();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  cleanups.push(() => new Promise<void>((r) => smtp.close(() => r())));
  const apiV3Key = crypto.randomBytes(16).toString('hex');
  const { merchant, wx, gateway } = platformsBehindGateway(apiV3Key);
  await gateway.start();
  cleanups.push(() => gateway.stop());
  gateway.wechatScript = (c) =>
    c.method === 'POST' && c.path.startsWith('/v3/pay/transactions/native')
      ? { body: { code_url: 'weixin://wxpay/bizpayurl?pr=rehearsal' } }
      : c.path.startsWith('/v3/pay/transactions/out-trade-no/') && c.method === 'POST'
        ? { status: 204 }
        : undefined;
  const national = await party(() => ({ code: 200, msg: 'ok', data: [] }));
  const kuaidi = await party((p) =>
    p.startsWith('/poll') ? { result: true, returnCode: '200', message: '提交成功' } : {},
  );
  const K100 = { customer: 'REHEARSALCUSTOMER', key: 'rehearsal-key', salt: 'rehearsal-salt' };

  const lbPort = await freePort();
  const ports = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: dbUrl,
    DATA_KEY: crypto.randomBytes(32).toString('hex'),
    RESPONSE_SECRET: SECRET,
    PHOTO_URL_KEY: crypto.randomBytes(32).toString('hex'),
    METRICS_TOKEN: crypto.randomBytes(24).toString('hex'),
    TRUST_PROXY: 'loopback',
    PUBLIC_URL: 'https://photo.rehearsal.example.edu.cn',
    SHUTDOWN_DRAIN_SECONDS: '1',
    ...PRODUCTION_SITE_ENV,
    ...NOTICE_TEMPLATE_ENV,
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${s3port}`,
    S3_BUCKET: 'portal-photos',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    SMS_PROVIDER: 'aliyun',
    ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-rehearsal',
    ALIYUN_SMS_ACCESS_KEY_SECRET: 'rehearsal',
    ALIYUN_SMS_SIGN_NAME: '学生图像',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
    ALIYUN_SMS_ENDPOINT: sms.url,
    SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as net.AddressInfo).port}`,
    MAIL_FROM: 'noreply@rehearsal.example.edu.cn',
    PAY_PROVIDER: 'real',
    WXPAY_MCH_ID: MCH,
    WXPAY_APP_ID: APPID,
    WXPAY_SERIAL_NO: 'MCHSERIAL01',
    WXPAY_PRIVATE_KEY: merchant.privatePem,
    WXPAY_API_V3_KEY: apiV3Key,
    WXPAY_PUBLIC_KEY: wx.platform.publicPem,
    WXPAY_PUBLIC_KEY_ID: wx.keyId,
    WXPAY_BASE_URL: gateway.url,
    NATIONAL_API_URL: national.url,
    NATIONAL_API_KEY: 'rehearsal-key',
    NATIONAL_API_SECRET: 'rehearsal-secret',
    TRACKING_PROVIDER: 'kuaidi100',
    KUAIDI100_CUSTOMER: K100.customer,
    KUAIDI100_KEY: K100.key,
    KUAIDI100_SALT: K100.salt,
    KUAIDI100_API_URL: kuaidi.url,
    KUAIDI100_CALLBACK_URL: 'https://photo.rehearsal.example.edu.cn/api/tracking/kuaidi100/callback',
  };

  // Two instances, one after the other (the first migrates).
  const dataDirs: string[] = [];
  const instances: { p: ChildProcess; out: () => string; url: string }[] = [];
  for (const port of ports) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehearse-data-'));
    dataDirs.push(dataDir);
    const c = child(process.execPath, ['--enable-source-maps', DIST], {
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
    });
    const inst = { ...c, url: `http://127.0.0.1:${port}` };
    instances.push(inst);
    cleanups.push(async () => {
      await stopChild(c.p);
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    await waitFor(
      `instance on ${port} ready`,
      async () => (await fetch(`${inst.url}/api/health/ready`)).ok,
      180_000,
      () => (c.p.exitCode !== null ? `exited:\n${c.out()}` : null),
    );
    log(`instance ${instances.length} ready on :${port} (production, PostgreSQL, S3)`);
  }

  // The load balancer.
  const cfgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehearse-lb-'));
  const cfg = path.join(cfgDir, 'haproxy.cfg');
  fs.writeFileSync(
    cfg,
    [
      'global',
      '  maxconn 1024',
      'defaults',
      '  mode http',
      '  option forwardfor',
      '  timeout connect 5s',
      '  timeout client 130s',
      '  timeout server 130s',
      'frontend portal',
      `  bind 127.0.0.1:${lbPort}`,
      '  default_backend instances',
      'backend instances',
      '  balance roundrobin',
      '  option httpchk GET /api/health/ready',
      '  http-check expect status 200',
      '  default-server inter 1s fall 2 rise 1',
      ...ports.map((p, i) => `  server portal${i + 1} 127.0.0.1:${p} check`),
      '',
    ].join('\n'),
  );
  const lb = child('haproxy', ['-db', '-f', cfg], process.env);
  cleanups.push(async () => {
    await stopChild(lb.p);
    fs.rmSync(cfgDir, { recursive: true, force: true });
  });
  const LB = `http://127.0.0.1:${lbPort}`;
  await waitFor(
    'HAProxy answering',
    async () => (await fetch(`${LB}/api/health/ready`)).ok,
    30_000,
    () => (lb.p.exitCode !== null ? `exited:\n${lb.out()}` : null),
  );
  log(`HAProxy on :${lbPort}, health checks on /api/health/ready`);
  const sql = new pg.Client({ connectionString: dbUrl });
  await sql.connect();
  cleanups.push(() => sql.end());

  // The student: captcha and SMS login.
  const mobile = '13912345678';
  const captcha = async () => {
    const c = await api<{ imageCodeToken: string }>(LB, '/api/login/getImageCode');
    const r = await sql.query<{ answer: string }>('select answer from captchas where token = $1', [c.imageCodeToken]);
    return { imageToken: c.imageCodeToken, imageCode: r.rows[0]!.answer };
  };
  const cap = await captcha();
  const qs = (o: Record<string, string>) => new URLSearchParams(o).toString();
  await api(LB, `/api/login/sendCode?${qs({ mobile, ...cap })}`);
  const smsReq = sms.requests.at(-1);
  if (!smsReq) throw new Error('no SMS reached the SMS party');
  const code = (JSON.parse(String(smsReq.params.TemplateParam)) as { code: string }).code;
  const login = await api<{ token: string; randomKey: string; memberId: number }>(
    LB,
    `/api/login/auth?${qs({ mobile, ...cap, messageCode: code })}`,
  );
  const session: Session = { token: login.token, randomKey: login.randomKey, memberId: login.memberId };
  log(`captcha and SMS login through the balancer (code sent by the Alibaba Cloud SDK): member ${session.memberId}`);
  // The first-in profile proves the e-mail address: its code arrives by SMTP.
  const mail = 'zhangsan@rehearsal.example.org';
  await api(LB, `/api/member/sendMailCode?${qs({ mail, ...(await captcha()) })}`, { session });
  const mailCode = codeInMail(inbox.findLast((m) => m.to === mail)?.raw ?? '');
  await api(LB, '/api/member/updateMemberInfo', { body: { name: '张三', mail, mailCode }, session });
  log('profile completed with the e-mail code received by the SMTP server');
  await api(LB, '/api/order/photoConsent', { body: { version: PHOTO_CONSENT_VERSION }, session });

  // A photo, checked by the compiled worker and stored in the bucket.
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(fs.readFileSync(PHOTO))], { type: 'image/jpeg' }), 'photo.jpg');
  const imageUrl = await api<string>(LB, '/api/img/upload', { form, session });
  const objects = fs.readdirSync(path.join(s3dir, 'portal-photos'), { recursive: true }).length;
  log(`photo uploaded and passed the check; the bucket holds ${objects} entries`);

  // An order with shipping.
  const carrier = (await sql.query<{ id: number }>('select id from carriers order by id limit 1')).rows[0]!.id;
  const orderId = await api<number>(LB, '/api/order/createCollectionOrder', {
    body: {
      name: '张三',
      mobile: '13800138000',
      mail: 'zs@example.com',
      imageUrl,
      id_type: 1,
      id_num: idNumber('11010820000101001'),
      sex: 0,
      school_type: 1,
      school_name: '北京大学',
      daima: '10001',
      education: 2,
      student_id: '2021001',
      major: '计算机科学与技术',
    },
    session,
  });
  await api(LB, '/api/order/updateShipping', {
    body: {
      id: orderId,
      shippingType: carrier,
      shippingReceiveName: '李四',
      shippingReceiveMobile: '13900139000',
      shippingProvinceName: '北京市',
      shippingCityName: '北京市',
      shippingDistrictName: '海淀区',
      shippingAddress: '颐和园路5号',
    },
    session,
  });
  log(`order ${orderId} with shipping`);

  // WeChat Pay: a native order at the platform, then its signed notification.
  const pay = await api<{ paymentNo?: string; amountFen: number }>(LB, '/api/pay/getPayInfo', {
    body: { id: orderId, payType: 2 },
    session,
  }).catch((e: Error) => {
    throw new Error(
      `${e.message}; the platform saw: ${JSON.stringify(gateway.calls.map((c) => [c.method, c.path, c.signatureOk]))}`,
    );
  });
  if (!pay.paymentNo) throw new Error(`no payment number: ${JSON.stringify(pay)}`);
  const notification = wx.notification('TRANSACTION.SUCCESS', {
    mchid: MCH,
    appid: APPID,
    out_trade_no: pay.paymentNo,
    transaction_id: `4200${Date.now()}`,
    trade_state: 'SUCCESS',
    trade_type: 'NATIVE',
    success_time: new Date().toISOString(),
    amount: { total: pay.amountFen, currency: 'CNY' },
  });
  const notified = await fetch(`${LB}/api/pay/notify/wechat`, {
    method: 'POST',
    headers: wx.headers(notification),
    body: notification,
  });
  if (notified.status >= 300) throw new Error(`payment notification answered ${notified.status}`);
  const paid = await api<{ orderState: number }>(LB, `/api/pay/status?id=${orderId}&paymentNo=${pay.paymentNo}`, {
    session,
  });
  log(`WeChat Pay native order and signed notification: order state ${paid.orderState}`);

  // The first admin, made with the operator's command, then review, production and shipping.
  const pwFile = path.join(cfgDir, 'admin-password.txt');
  const password = crypto.randomBytes(12).toString('hex');
  fs.writeFileSync(pwFile, `${password}\n`);
  const made = spawnSync(
    process.execPath,
    [path.join(ROOT, 'apps/server/dist/admin-create.js'), '--username', 'ops-admin', '--password-file', pwFile],
    { cwd: ROOT, env: { ...env, DATA_DIR: dataDirs[0] }, encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`admin-create: ${made.stderr}${made.stdout}`);
  const staff = await api<{ token: string }>(LB, '/api/console/login', {
    body: { username: 'ops-admin', password },
  });
  const claim = await api<{
    rows: { order: { id: number }; persons: { id: number; photo: { id: number } | null }[] }[];
  }>(LB, '/api/console/review/claim', { body: {}, staff: staff.token });
  const mine = claim.rows.find((r) => r.order.id === orderId);
  if (!mine) throw new Error(`the order is not in the review batch: ${JSON.stringify(claim).slice(0, 500)}`);
  for (const p of mine.persons)
    await api(LB, '/api/console/review/decide', {
      body: { orderId, personId: p.id, photoId: p.photo?.id ?? 0, verdict: 'approve' },
      staff: staff.token,
    });
  await api(LB, '/api/console/orders/transition', { body: { action: 'produce', ids: [orderId] }, staff: staff.token });
  const waybill = String(Date.now()); // EMS: 13 digits
  await api(LB, '/api/console/orders/transition', {
    body: { action: 'ship', ids: [orderId], waybillNos: [waybill] },
    staff: staff.token,
  });
  const subscribed = kuaidi.seen.some((s) => s.path.startsWith('/poll') && s.body.includes(waybill));
  log(`staff ops-admin reviewed, produced and shipped it (Kuaidi100 subscription ${subscribed ? 'sent' : 'NOT sent'})`);
  if (!subscribed) throw new Error('no Kuaidi100 subscription for the waybill');

  // The parcel's tracking push, signed as Kuaidi100 signs it.
  const param = JSON.stringify({
    status: 'polling',
    billstatus: 'got',
    message: '',
    lastResult: {
      message: 'ok',
      nu: waybill,
      ischeck: '1',
      condition: 'F00',
      com: 'ems',
      status: '200',
      state: '3',
      data: [{ time: '2027-05-20 10:00:00', ftime: '2027-05-20 10:00:00', context: '已签收', status: '签收' }],
    },
  });
  const sign = crypto
    .createHash('md5')
    .update(param + K100.salt)
    .digest('hex')
    .toUpperCase();
  const pushed = await fetch(`${LB}/api/tracking/kuaidi100/callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ param, sign }).toString(),
  });
  const pushAnswer = (await pushed.json()) as { result?: boolean };
  const state = (await sql.query<{ state: number }>('select state from orders where id = $1', [orderId])).rows[0]!
    .state;
  log(`tracking push accepted: ${pushAnswer.result === true}; order state ${state}`);
  if (pushAnswer.result !== true || state !== 145) throw new Error(`after the push the order is in state ${state}`);

  // Which instance served what: both must have had traffic from the balancer.
  const metricsToken = env.METRICS_TOKEN!;
  const served = await Promise.all(
    instances.map(async (i) => {
      const text = await (
        await fetch(`${i.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
      ).text();
      return text
        .split('\n')
        .filter((l) => l.startsWith('http_request_duration_seconds_count'))
        .reduce((n, l) => n + Number(l.split(' ').at(-1)), 0);
    }),
  );
  log(`requests served per instance: ${served.join(' and ')}`);
  if (served.some((n) => n === 0)) throw new Error('an instance served nothing through the balancer');
}

let failed = false;
try {
  await main();
  log('rehearsal passed');
} catch (e) {
  failed = true;
  console.error(e);
  log('rehearsal FAILED');
} finally {
  for (const c of cleanups.reverse()) await Promise.resolve(c()).catch((e) => console.error('cleanup:', e));
  log('everything stopped');
}
process.exit(failed ? 1 : 0);
