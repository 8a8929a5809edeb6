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
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { responseSign, signBody, type Envelope } from '@portal/contract/envelope';
import { PHOTO_CONSENT_VERSION } from '@portal/contract/orders';
import { cleanups, log, ROOT, startTopology, stopChild } from './rehearse-topology.ts';

const PHOTO = path.join(ROOT, 'apps/server/test/fixtures/photos/compliant-1.jpg');
const SECRET = crypto.randomBytes(24).toString('hex');

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
  const { LB, instances, sql, sms, inbox, wx, gateway, kuaidi, K100, env, s3dir, cfgDir, dataDirs, MCH, APPID } =
    await startTopology(SECRET);

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

  // A rolling deploy's first step: instance 1 gets SIGTERM, drains while the balancer's checks take
  // it out, and exits; calls through the balancer meanwhile are all answered.
  const stopping = stopChild(instances[0]!.p);
  let calls = 0;
  const failures: string[] = [];
  for (const until = Date.now() + 6000; Date.now() < until; calls++) {
    await api(LB, '/api/baseInfo/getBanner').catch((e: Error) => failures.push(e.message));
    await new Promise((r) => setTimeout(r, 50));
  }
  await stopping;
  log(
    `instance 1 stopped by SIGTERM (exit ${instances[0]!.p.exitCode}) during ${calls} calls through the balancer: ${failures.length} failed`,
  );
  if (failures.length || instances[0]!.p.exitCode !== 0)
    throw new Error(`calls failed during the drain: ${failures.slice(0, 3).join('; ')}`);
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
