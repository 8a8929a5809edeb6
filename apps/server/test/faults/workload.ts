import { api, type Answer, type ChildServer, type MemberSession } from '../hardening/child-server.ts';
import { PHOTO_CONSENT_VERSION } from '@portal/contract/orders';
import { idNumber, person, shipping } from '../../src/modules/orders/test-kit.ts';

/**
 * The fault suite's workload and its bookkeeping: members who log in, upload a photo, order and
 * pay through a small balancer over the live instances, retrying a refused step as a member
 * presses again; every answer is recorded, and every acknowledged write is kept in a ledger.
 */

export interface Instance {
  name: string;
  srv: ChildServer;
  /** In the balancer's rotation (an instance killed by the test is taken out). */
  up: boolean;
}

export interface Rec {
  t0: number;
  t1: number;
  inst: string;
  /** Who sent it: a member's journey (worker), or one of the suite's own loops. */
  who: string;
  route: string;
  /** The HTTP status, or 0 when no answer came (the connection dropped). */
  status: number;
  code: number;
  msg: string;
}

export interface Ledger {
  /** Acknowledged orders, by member. */
  orders: Map<number, Set<number>>;
  /** Create attempts without an acknowledgement (they may or may not have been written), by member. */
  unsureCreates: Map<number, number>;
  /** Acknowledged uploads and unacknowledged tries, by member. */
  uploads: Map<number, number>;
  unsureUploads: Map<number, number>;
  /** Orders the member was told are paid. */
  paid: Set<number>;
}

const bump = (m: Map<number, number>, k: number) => m.set(k, (m.get(k) ?? 0) + 1);

export class Workload {
  readonly recs: Rec[] = [];
  readonly ledger: Ledger = {
    orders: new Map(),
    unsureCreates: new Map(),
    uploads: new Map(),
    unsureUploads: new Map(),
    paid: new Set(),
  };
  private rr = 0;
  private stopped = false;
  private running: Promise<void>[] = [];
  private seq = 0;

  constructor(
    readonly instances: Instance[],
    private readonly opts: { photo: Buffer; carrierId: number; mobilePrefix: string },
  ) {}

  /** The balancer: the next live instance, round robin. */
  pick(): Instance {
    const live = this.instances.filter((i) => i.up);
    if (!live.length) throw new Error('no live instance');
    return live[this.rr++ % live.length]!;
  }

  /** One call through the balancer, recorded. */
  async call<T>(
    route: string,
    opts: Omit<Parameters<typeof api>[1], 'url'> & { url: string },
    who = 'probe',
  ): Promise<Answer<T> | null> {
    const inst = this.pick();
    const t0 = Date.now();
    try {
      const r = await api<T>(inst.srv.url, { timeoutMs: 20_000, ...opts });
      this.recs.push({ t0, t1: Date.now(), inst: inst.name, who, route, status: r.status, code: r.code, msg: r.msg });
      return r;
    } catch (e) {
      this.recs.push({ t0, t1: Date.now(), inst: inst.name, who, route, status: 0, code: 0, msg: String(e) });
      return null;
    }
  }

  /** A step pressed again while it fails (as a member would), up to a bound; its answer's data, or null when it gave up. */
  private async step<T>(
    route: string,
    opts: Parameters<Workload['call']>[1],
    who: string,
    onFail: () => void = () => {},
  ): Promise<{ data: T } | null> {
    for (let i = 0; i < 60 && !this.stopped; i++) {
      const r = await this.call<T>(route, opts, who);
      if (r && r.code === 200) return { data: r.data };
      onFail();
      await new Promise((res) => setTimeout(res, 150));
    }
    return null;
  }

  /** One member's journey: log in, upload, order, ship, pay, see it paid. */
  private async journey(who: string): Promise<void> {
    const mobile = `${this.opts.mobilePrefix}${String(++this.seq).padStart(5, '0')}`;
    const login = await this.step<MemberSession>(
      'login',
      {
        url: '/api/dev/login',
        body: { mobile, name: '张三', isFirst: false },
      },
      who,
    );
    if (!login) return;
    const session = login.data;
    const m = session.memberId;
    const consent = await this.step(
      'consent',
      {
        url: '/api/order/photoConsent',
        body: { version: PHOTO_CONSENT_VERSION },
        session,
      },
      who,
    );
    if (consent === null) return;
    const form = () => {
      const f = new FormData();
      f.append('file', new Blob([new Uint8Array(this.opts.photo)], { type: 'image/jpeg' }), 'photo.jpg');
      return f;
    };
    // A fresh form per try (a body is read once).
    let url: string | null = null;
    for (let i = 0; i < 60 && !this.stopped && !url; i++) {
      const r = await this.call<string>('upload', { url: '/api/img/upload', form: form(), session }, who);
      if (r?.code === 200) {
        url = r.data;
        bump(this.ledger.uploads, m);
      } else {
        bump(this.ledger.unsureUploads, m);
        await new Promise((res) => setTimeout(res, 150));
      }
    }
    if (!url) return;
    const created = await this.step<number>(
      'order',
      { url: '/api/order/createCollectionOrder', body: person(url, { id_num: idNumber() }), session },
      who,
      () => bump(this.ledger.unsureCreates, m),
    );
    if (!created) return;
    const orderId = created.data;
    if (!this.ledger.orders.has(m)) this.ledger.orders.set(m, new Set());
    this.ledger.orders.get(m)!.add(orderId);
    const shipped = await this.step(
      'shipping',
      {
        url: '/api/order/updateShipping',
        body: { id: orderId, ...shipping(this.opts.carrierId) },
        session,
      },
      who,
    );
    if (shipped === null) return;
    const pay = await this.step<{ paymentNo?: string }>(
      'pay',
      {
        url: '/api/pay/getPayInfo',
        body: { id: orderId, payType: 1 },
        session,
      },
      who,
    );
    const paymentNo = pay?.data.paymentNo;
    if (!paymentNo) return;
    // The cashier (the sandbox's page) confirms the payment; pressed again while it fails.
    for (let i = 0; i < 60 && !this.stopped; i++) {
      const inst = this.pick();
      const t0 = Date.now();
      const status = await fetch(`${inst.srv.url}/sandbox/pay/${paymentNo}/pay`, {
        method: 'POST',
        signal: AbortSignal.timeout(20_000),
      }).then(
        (r) => r.status,
        () => 0,
      );
      this.recs.push({ t0, t1: Date.now(), inst: inst.name, who, route: 'cashier', status, code: status, msg: '' });
      if (status >= 200 && status < 400) break;
      await new Promise((res) => setTimeout(res, 150));
    }
    for (let i = 0; i < 60 && !this.stopped; i++) {
      const st = await this.call<{ orderState: number }>(
        'paid?',
        {
          url: `/api/pay/status?id=${orderId}&paymentNo=${paymentNo}`,
          session,
        },
        who,
      );
      if (st?.code === 200 && st.data.orderState === 115) {
        this.ledger.paid.add(orderId);
        return;
      }
      await new Promise((res) => setTimeout(res, 150));
    }
  }

  start(workers: number): void {
    for (let w = 0; w < workers; w++) {
      this.running.push(
        (async () => {
          while (!this.stopped) await this.journey(`member ${w}`);
        })(),
      );
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.running);
  }
}

/** What one fault did to the answers recorded from its start until recovered. */
export interface Figures {
  fault: string;
  requests: number;
  failed: number;
  dropped: number;
  http500: number;
  /** Failed answers with no message, and failures other than 503/504 (besides drops). */
  silent: number;
  otherStatuses: string[];
  /** The longest a member (or a loop of the suite) waited: from a failed request to its next success. */
  longestOutageMs: number;
  recoveryMs: number;
}

export function figures(fault: string, recs: Rec[], from: number, to: number, recoveryMs: number): Figures {
  // Each request counts where its answer (or its drop) came.
  const mine = recs.filter((r) => r.t1 >= from && r.t1 <= to);
  const failed = mine.filter((r) => r.status !== 200 && !(r.route === 'cashier' && r.status > 0 && r.status < 400));
  let longest = 0;
  for (const who of new Set(mine.map((r) => r.who))) {
    let since: number | null = null;
    for (const r of mine.filter((x) => x.who === who).sort((x, y) => x.t1 - y.t1)) {
      const ok = !failed.includes(r);
      if (!ok && since === null) since = r.t0;
      if (ok && since !== null) {
        longest = Math.max(longest, r.t1 - since);
        since = null;
      }
    }
    if (since !== null) longest = Math.max(longest, to - since);
  }
  const answered = failed.filter((r) => r.status > 0);
  return {
    fault,
    requests: mine.length,
    failed: failed.length,
    dropped: failed.length - answered.length,
    http500: answered.filter((r) => r.status === 500).length,
    silent: answered.filter((r) => r.route !== 'cashier' && !r.msg).length,
    otherStatuses: [
      ...new Set(answered.filter((r) => ![503, 504].includes(r.status)).map((r) => `${r.route} ${r.status}/${r.code}`)),
    ],
    longestOutageMs: longest,
    recoveryMs,
  };
}
