/**
 * bench:season-day's load: students' whole journeys, season members reading their orders and
 * staff searching and reviewing, all through HTTP as the web and the console call, every
 * answer timed by kind. Captchas and SMS codes are read through the demo hooks (/api/dev/*),
 * as a person would read them off the screen and the phone; those calls are timed apart.
 */
import { DEFAULT_RESPONSE_SECRET } from '@portal/contract/defaults';
import { responseSign, signBody, type Envelope } from '@portal/contract/envelope';
import { PHOTO_CONSENT_VERSION } from '@portal/contract/orders';

export interface Session {
  token: string;
  randomKey: string;
  memberId: number;
}

/** Every answer's time by kind; the measured window only counts answers that end inside it. */
export class Recorder {
  readonly ms = new Map<string, number[]>();
  readonly errors: string[] = [];
  journeys = 0;
  checks = 0;
  /** Review decisions refused because the order changed meanwhile (a refund asked for). */
  conflicts = 0;
  /** Refused uploads answered with a corrected candidate (a correction made in a worker). */
  corrections = 0;
  from = Infinity;
  to = Infinity;
  inWindow = (t: number) => t >= this.from && t <= this.to;
  /** A photo sent to the check (an upload or a chosen correction), counted inside the window. */
  check() {
    if (this.inWindow(performance.now())) this.checks++;
  }
  add(kind: string, t0: number, t1: number, error: string | null) {
    if (!this.inWindow(t1)) return;
    if (error) this.errors.push(`${kind}: ${error}`);
    else (this.ms.get(kind) ?? this.ms.set(kind, []).get(kind)!).push(t1 - t0);
  }
}

export interface LoadOptions {
  base: string;
  rec: Recorder;
  /** The compliant photos, and the refused ones (a refused upload takes the correction when offered, else a compliant photo). */
  accepted: Buffer[];
  refused: Buffer[];
  refusedShare: number;
  carrierId: number;
  /** The season's generated members (mobile '139' + id on 8 digits), ranges of ids, the readers and staff pick from. */
  seasonMembers: { lo: number; hi: number }[];
  /** Makes this run's student mobiles its own. */
  run: number;
  /** A season reader's pause between two rounds (list and page): the readers' pace, not a flood. */
  readPauseMs: number;
  /** A staff member's pause between two rounds (two searches, a claim and its decisions). */
  staffPauseMs: number;
  stopped: () => boolean;
}

class Refused extends Error {}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
/** A generated member's id, every one alike likely. */
const seasonMember = (ranges: { lo: number; hi: number }[]) => {
  let k = Math.floor(Math.random() * ranges.reduce((n, r) => n + r.hi - r.lo + 1, 0));
  for (const r of ranges) {
    if (k <= r.hi - r.lo) return r.lo + k;
    k -= r.hi - r.lo + 1;
  }
  return ranges[0]!.lo;
};

/** One call as the web makes it (member POST bodies signed, the answer's signature checked), timed under its kind. */
async function call<T>(
  o: LoadOptions,
  kind: string,
  url: string,
  opts: { body?: unknown; form?: FormData; session?: Session; staff?: string; ip?: string; allow?: number[] } = {},
): Promise<{ code: number; data: T }> {
  const headers: Record<string, string> = {};
  if (opts.session) {
    headers.authorization = `Bearer ${opts.session.token}`;
    headers.memberid = String(opts.session.memberId);
  }
  if (opts.staff) headers['x-staff-token'] = opts.staff;
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  let body: string | FormData | undefined = opts.form;
  if (!body && opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.session ? signBody(opts.body, opts.session.randomKey) : opts.body);
  }
  const t0 = performance.now();
  let error: string | null = null;
  try {
    const res = await fetch(o.base + url, {
      method: body ? 'POST' : 'GET',
      headers,
      body,
      signal: AbortSignal.timeout(60_000),
    });
    const env = (await res.json()) as Envelope<T>;
    if (env.sign !== responseSign(env.code, env.timestamp, DEFAULT_RESPONSE_SECRET)) error = 'bad answer signature';
    else if (env.code !== 200 && !opts.allow?.includes(env.code)) error = `${res.status} ${env.code} ${env.msg}`;
    if (!error) return { code: env.code, data: env.data };
    throw new Refused(`${url.split('?')[0]}: ${error}`);
  } catch (e) {
    error ??= String(e);
    throw e instanceof Refused ? e : new Refused(`${url.split('?')[0]}: ${error}`);
  } finally {
    o.rec.add(kind, t0, performance.now(), error);
  }
}

/** A valid mainland ID number of a sequence: birth dates and sequence numbers vary with it. */
function idNumber(n: number): string {
  const birth = `${1998 + (n % 8)}${String(1 + (n % 12)).padStart(2, '0')}${String(1 + (n % 28)).padStart(2, '0')}`;
  const body = `110108${birth}${String(n % 1000).padStart(3, '0')}`;
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, d, i) => s + Number(d) * w[i]!, 0);
  return body + '10X98765432'[sum % 11];
}

const form = (bytes: Buffer) => {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  return f;
};

let seq = 0;

/** A student's day: captcha and SMS login, the photo (refused ones corrected or replaced), order, shipping, payment, reads, sometimes a refund. */
async function journey(o: LoadOptions): Promise<void> {
  const n = ++seq;
  const mobile = `136${o.run % 10}${String(n).padStart(7, '0')}`;
  const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const qs = (x: Record<string, string>) => new URLSearchParams(x).toString();
  const image = await call<{ imageCodeToken: string }>(o, 'captcha image', '/api/login/getImageCode', { ip });
  const imageToken = image.data.imageCodeToken;
  const imageCode = (await call<{ answer: string }>(o, '(hook) captcha answer', `/api/dev/captcha?token=${imageToken}`))
    .data.answer;
  await call(o, 'SMS code', `/api/login/sendCode?${qs({ mobile, imageToken, imageCode })}`, { ip });
  const sms = await call<{ code: string | null }[]>(o, '(hook) SMS read', `/api/dev/outbox?to=${mobile}`);
  const messageCode = sms.data.find((m) => m.code)?.code ?? '';
  const login = await call<Session & { isFirst: boolean }>(
    o,
    'login',
    `/api/login/auth?${qs({ mobile, imageToken, imageCode, messageCode })}`,
    { ip },
  );
  const session: Session = login.data;
  if (login.data.isFirst) {
    // The first-in page: name and e-mail, the address proven by a code (a captcha first).
    const mail = `s${o.run}-${n}@example.com`;
    const img = (await call<{ imageCodeToken: string }>(o, 'captcha image', '/api/login/getImageCode', { ip })).data
      .imageCodeToken;
    const ans = (await call<{ answer: string }>(o, '(hook) captcha answer', `/api/dev/captcha?token=${img}`)).data
      .answer;
    await call(o, 'mail code', `/api/member/sendMailCode?${qs({ mail, imageToken: img, imageCode: ans })}`, {
      session,
      ip,
    });
    const sent = await call<{ code: string | null }[]>(o, '(hook) mail read', `/api/dev/outbox?to=${mail}`);
    const mailCode = sent.data.find((m) => m.code)?.code ?? '';
    await call(o, 'profile', '/api/member/updateMemberInfo', { body: { name: '张三', mail, mailCode }, session, ip });
  }
  await call(o, 'photo consent', '/api/order/photoConsent', { body: { version: PHOTO_CONSENT_VERSION }, session, ip });
  // The photo: a refused one is corrected when the machine offers it, else the student takes another.
  const first = Math.random() < o.refusedShare ? pick(o.refused) : pick(o.accepted);
  type Upload = string | { corrected?: { id: string } };
  o.rec.check();
  let up = await call<Upload>(o, 'photo upload', '/api/img/upload', { form: form(first), session, ip, allow: [-1] });
  if (typeof up.data !== 'string' && up.data.corrected) {
    if (o.rec.inWindow(performance.now())) o.rec.corrections++;
    o.rec.check();
    up = await call<Upload>(o, 'accept corrected', '/api/img/accept-corrected', {
      body: { candidateId: up.data.corrected.id },
      session,
      ip,
      allow: [-1],
    });
  }
  for (let i = 0; typeof up.data !== 'string' && i < 3; i++) {
    o.rec.check();
    up = await call<Upload>(o, 'photo upload', '/api/img/upload', {
      form: form(o.accepted[0]!),
      session,
      ip,
      allow: [-1],
    });
  }
  if (typeof up.data !== 'string') throw new Refused('a compliant photo was refused three times');
  const person = {
    name: '张三',
    mobile,
    mail: `s${n}@example.com`,
    imageUrl: up.data,
    id_type: 1,
    id_num: idNumber(n),
    sex: n % 2,
    school_type: 1,
    school_name: '北京大学',
    daima: '10001',
    education: 2,
    student_id: String(2021000 + n),
    major: '计算机科学与技术',
  };
  const id = (await call<number>(o, 'order create', '/api/order/createCollectionOrder', { body: person, session, ip }))
    .data;
  await call(o, 'shipping', '/api/order/updateShipping', {
    body: {
      id,
      shippingType: o.carrierId,
      shippingReceiveName: '李四',
      shippingReceiveMobile: '13900139000',
      shippingProvinceName: '北京市',
      shippingCityName: '北京市',
      shippingDistrictName: '海淀区',
      shippingAddress: '颐和园路5号',
    },
    session,
    ip,
  });
  const pay = await call<{ paymentNo?: string }>(o, 'pay info', '/api/pay/getPayInfo', {
    body: { id, payType: 1 },
    session,
    ip,
  });
  const paymentNo = pay.data.paymentNo;
  if (!paymentNo) throw new Refused('no payment number');
  // The sandbox cashier's page confirms; its notification reaches the server on its own.
  const t0 = performance.now();
  const cashier = await fetch(`${o.base}/sandbox/pay/${paymentNo}/pay`, { method: 'POST', redirect: 'manual' }).then(
    (r) => r.status,
    () => 0,
  );
  o.rec.add('cashier (sandbox)', t0, performance.now(), cashier > 0 && cashier < 400 ? null : `status ${cashier}`);
  // The payment page polls until the notification has settled the order.
  for (let i = 0; ; i++) {
    const st = await call<{ orderState: number }>(o, 'pay status', `/api/pay/status?id=${id}&paymentNo=${paymentNo}`, {
      session,
      ip,
    });
    if (st.data.orderState === 115) break;
    if (i > 120 || o.stopped()) throw new Refused(`order ${id} not paid after ${i} polls`);
    await sleep(250);
  }
  await call(o, 'member list', '/api/order/findOrderList?type=1', { session, ip });
  await call(o, 'order page', `/api/order/findOrderAndOrderDetails?id=${id}`, { session, ip });
  if (n % 10 === 0)
    await call(o, 'refund request', '/api/refund/creatRefund', {
      body: { order_id: id, reasonText: '拍错了' },
      session,
      ip,
    });
  if (o.rec.inWindow(performance.now())) o.rec.journeys++;
}

/** A season member (20 orders from the generator) reading the list and an order page, again and again. */
async function reader(o: LoadOptions): Promise<void> {
  while (!o.stopped()) {
    const m = seasonMember(o.seasonMembers);
    const mobile = `139${String(m).padStart(8, '0')}`;
    const s = await call<Session>(o, '(hook) login', '/api/dev/login', { body: { mobile } });
    for (let i = 0; i < 10 && !o.stopped(); i++) {
      const list = await call<{ rows?: { id: number }[] } | { id: number }[]>(
        o,
        'season member list',
        '/api/order/findOrderList?type=1',
        { session: s.data },
      );
      const rows = Array.isArray(list.data) ? list.data : (list.data.rows ?? []);
      if (rows.length)
        await call(o, 'season order page', `/api/order/findOrderAndOrderDetails?id=${pick(rows).id}`, {
          session: s.data,
        });
      await sleep(o.readPauseMs);
    }
  }
}

/** A few staff at once: searches over the season, and review decisions on what the students paid for. */
async function staff(o: LoadOptions, who: number): Promise<void> {
  // Two staff members of their own: an administrator and a reviewer.
  const login = await call<{ token: string }>(o, '(hook) staff login', '/api/dev/staff-login', {
    body: { role: who % 2 ? 'reviewer' : 'admin' },
  });
  const tok = login.data.token;
  while (!o.stopped()) {
    const m = seasonMember(o.seasonMembers);
    const person = (m - 1) * 60 + Math.floor(Math.random() * 60);
    await call(o, 'staff search mobile', `/api/console/orders?mobile=138${String(person % 1e8).padStart(8, '0')}`, {
      staff: tok,
    });
    await call(o, 'staff search school', `/api/console/orders?school=${10001 + (m % 2919)}`, { staff: tok });
    const claim = await call<{
      rows: { order: { id: number }; persons: { id: number; photo: { id: number } | null }[] }[];
    }>(o, 'review claim', '/api/console/review/claim', { body: {}, staff: tok });
    const row = claim.data.rows[0];
    // A student may ask for a refund while the order waits: the decision is then refused (409), as designed.
    for (const p of row?.persons ?? []) {
      const d = await call(o, 'review decide', '/api/console/review/decide', {
        body: { orderId: row!.order.id, personId: p.id, photoId: p.photo?.id ?? 0, verdict: 'approve' },
        staff: tok,
        allow: [409],
      });
      if (d.code === 409) o.rec.conflicts++;
    }
    await sleep(o.staffPauseMs);
  }
}

/** Runs students, readers and staff until stopped; a failed journey is recorded and the student starts another. */
export async function runLoad(o: LoadOptions, students: number, readers: number, staffs: number): Promise<void> {
  const loop = (f: (o: LoadOptions, i: number) => Promise<void>) => async (_: unknown, i: number) => {
    while (!o.stopped()) await f(o, i).catch(() => sleep(100));
  };
  await Promise.all([
    ...Array.from({ length: students }, loop(journey)),
    ...Array.from({ length: readers }, loop(reader)),
    ...Array.from({ length: staffs }, loop(staff)),
  ]);
}
