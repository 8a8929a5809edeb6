import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  STATE_OP_CODE,
  TrackingError,
  type CarrierTrack,
  type ParcelRef,
  type ParcelState,
  type TraceEvent,
  type TrackingParty,
} from './tracking.ts';
import { NoTracking } from './tracking.ts';

export interface Kuaidi100Options {
  customer: string;
  key: string;
  salt: string;
  apiUrl: string;
  callbackUrl: string;
  timeoutMs: number;
}

/** Our carriers (by a word of their Chinese or English name) to Kuaidi100's company codes. */
const CARRIERS: [RegExp, string][] = [
  [/ems|邮政特快|中国邮政速递/i, 'ems'],
  [/顺丰|\bsf\b/i, 'shunfeng'],
  [/中通|zto/i, 'zhongtong'],
  [/圆通|yto/i, 'yuantong'],
  [/申通|sto\b/i, 'shentong'],
  [/韵达|yunda/i, 'yunda'],
  [/京东|\bjd\b/i, 'jd'],
  [/极兔|j&t|jtexpress/i, 'jtexpress'],
  [/德邦|deppon/i, 'debangkuaidi'],
  [/邮政|china post/i, 'youzhengguonei'],
];
/** Carriers that answer only with the receiver's or sender's phone (Kuaidi100's documentation: SF). */
const PHONE_NEEDED = new Set(['shunfeng', 'shunfengkuaiyun']);

/**
 * Kuaidi100's `state` (and each event's statusCode, whose first one or two digits are the state):
 * 0 in transit, 1 picked up, 2 problem, 3 signed, 4 returned-signed, 5 out for delivery, 6 returning,
 * 7 forwarded, 8 customs, 10-12 customs, 13 customs problem, 14 refused. Picked up (1) is transit
 * to the parcel, but its event keeps the pick-up code 10.
 */
export function stateOf(code: unknown): ParcelState | null {
  const n = codeOf(code);
  if (n === null) return null;
  if (n === 5) return 'delivering';
  if (n === 3) return 'signed';
  if (n === 4 || n === 6) return 'returned';
  if (n === 14) return 'refused';
  if (n === 2 || n === 13) return 'problem';
  return [0, 1, 7, 8, 10, 11, 12].includes(n) ? 'transit' : null;
}
const STATUS_NAMES: Record<string, number> = {
  在途: 0,
  揽收: 1,
  疑难: 2,
  签收: 3,
  退签: 4,
  派件: 5,
  退回: 6,
  转投: 7,
  清关: 8,
  拒签: 14,
};

/**
 * An answer's shape, read leniently: a field of the wrong type or format is kept as received and
 * named in the track's problems (toTrack), never a failure. A push Kuaidi100 signed is answered
 * as accepted whatever it holds: an error answer makes it push the same bytes again and again.
 */
const result = z.object({
  state: z.unknown().optional(),
  nu: z.unknown().optional(),
  com: z.unknown().optional(),
  data: z.unknown().optional(),
});
const pushParam = z.object({ status: z.unknown().optional(), message: z.unknown().optional(), lastResult: result });

/** Kuaidi100 times are Beijing time without a zone ("2026-06-01 08:30:00"); null when not one. */
const TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;
function beijing(v: unknown): Date | null {
  if (typeof v !== 'string' || !TIME.test(v.trim())) return null;
  const d = new Date(`${v.trim().replace(' ', 'T')}+08:00`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Kuaidi100's state as a number (a statusCode's first digits, or a status name), or null. */
function codeOf(v: unknown): number | null {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  if (v === '') return null;
  const n = Number(v);
  if (Number.isInteger(n) && n >= 0) return n >= 100 ? Math.floor(n / 100) : n;
  return typeof v === 'string' && v in STATUS_NAMES ? STATUS_NAMES[v]! : null;
}

const shown = (v: unknown) => (v === undefined ? 'missing' : JSON.stringify(v)?.slice(0, 80));
const asText = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);

/**
 * An answer's events, oldest first, each with our code (its own status when given, else the
 * track's state for the newest). An event whose time is unreadable is kept at `receivedAt`
 * (timeAsReceived), and every field not as documented is named in `problems` with its value.
 */
export function toTrack(waybillNo: string, r: z.infer<typeof result>, receivedAt = new Date()): CarrierTrack {
  const problems: string[] = [];
  const trackCode = codeOf(r.state);
  if (r.state !== undefined && r.state !== null && r.state !== '' && trackCode === null)
    problems.push(`state ${shown(r.state)}`);
  const data = r.data === undefined || r.data === null ? [] : r.data;
  if (!Array.isArray(data)) problems.push(`data ${shown(data)}`);
  const items = (Array.isArray(data) ? data : []).map((d: unknown, i) => {
    const o = (d && typeof d === 'object' ? d : {}) as Record<string, unknown>;
    const raw = o.ftime || o.time;
    const time = beijing(raw);
    if (!time) problems.push(`data[${i}].time ${shown(raw)}`);
    let context = asText(o.context);
    if (context === null) {
      problems.push(`data[${i}].context ${shown(o.context)}`);
      context = '';
    }
    const n = codeOf(o.statusCode) ?? codeOf(o.status) ?? null;
    return { n, time: time ?? receivedAt, asReceived: !time, context: context.trim() };
  });
  if (items[0] && items[0].n === null) items[0].n = trackCode;
  const events = items.map(
    ({ n, time, asReceived, context }) =>
      ({
        opCode: n === 1 ? '10' : STATE_OP_CODE[stateOf(n) ?? 'transit'],
        opTime: time,
        opDesc: context,
        ...(asReceived ? { timeAsReceived: true } : {}),
      }) satisfies TraceEvent,
  );
  return { waybillNo, state: stateOf(trackCode), events: events.reverse(), ...(problems.length ? { problems } : {}) };
}

const md5Upper = (s: string) => createHash('md5').update(s, 'utf8').digest('hex').toUpperCase();

/** A push Kuaidi100 signed, or a refusal naming why. */
export class PushRejected extends Error {}
/**
 * A push Kuaidi100 signed that holds no track we can read (no JSON, no waybill): answered as
 * accepted (sent again, it would hold the same) and logged as an error for an operator.
 */
export class PushUnreadable extends Error {}

/** Kuaidi100 (快递100): subscription push (`/poll`) and real-time query (`/poll/query.do`), per its documentation. */
export class Kuaidi100Tracking extends NoTracking implements TrackingParty {
  override readonly kind = 'kuaidi100' as const;
  constructor(
    private readonly o: Kuaidi100Options,
    private readonly fetchFn: typeof fetch = fetch,
  ) {
    super();
  }

  override carrierCode(name: string | null): string | null {
    return name ? (CARRIERS.find(([re]) => re.test(name))?.[1] ?? null) : null;
  }

  override needsPhone(code: string | null): boolean {
    return !!code && PHONE_NEEDED.has(code);
  }

  private async post(path: string, form: Record<string, string>): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await this.fetchFn(`${this.o.apiUrl.replace(/\/+$/, '')}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(this.o.timeoutMs),
      });
    } catch (e) {
      throw new TrackingError(`kuaidi100 ${path}: ${(e as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable'}`);
    }
    if (!res.ok) throw new TrackingError(`kuaidi100 ${path}: HTTP ${res.status}`);
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || typeof body !== 'object') throw new TrackingError(`kuaidi100 ${path}: not JSON`);
    return body;
  }

  override async subscribe(p: ParcelRef): Promise<void> {
    if (!p.carrierCode) throw new TrackingError('kuaidi100: carrier not known to it');
    const parameters: Record<string, string> = { callbackurl: this.o.callbackUrl, salt: this.o.salt, resultv2: '1' };
    if (p.phone && this.needsPhone(p.carrierCode)) parameters.phone = p.phone;
    const param = JSON.stringify({ company: p.carrierCode, number: p.waybillNo, key: this.o.key, parameters });
    const a = await this.post('/poll', { schema: 'json', param });
    // 501: already subscribed (a retry after a lost answer) - the pushes come all the same.
    if (a.result === true || a.returnCode === '200' || a.returnCode === '501') return;
    throw new TrackingError(`kuaidi100 subscribe ${String(a.returnCode)}: ${String(a.message ?? '')}`);
  }

  override async query(p: ParcelRef): Promise<CarrierTrack | null> {
    if (!p.carrierCode) return null;
    const q: Record<string, string> = { com: p.carrierCode, num: p.waybillNo, resultv2: '1' };
    if (p.phone && this.needsPhone(p.carrierCode)) q.phone = p.phone;
    const param = JSON.stringify(q);
    const a = await this.post('/poll/query.do', {
      customer: this.o.customer,
      param,
      sign: md5Upper(param + this.o.key + this.o.customer),
    });
    if (a.result === false) {
      // 500: no result yet (nothing scanned); other codes are our fault or theirs.
      if (a.returnCode === '500') return null;
      throw new TrackingError(`kuaidi100 query ${String(a.returnCode)}: ${String(a.message ?? '')}`);
    }
    const r = result.safeParse(a);
    if (!r.success || String(a.status) !== '200') throw new TrackingError('kuaidi100 query: unexpected answer');
    return toTrack(p.waybillNo, r.data);
  }

  /** Checks a push (form fields param and sign = MD5(param + salt)) and reads its latest track. */
  verifyPush(
    param: string | undefined,
    sign: string | undefined,
  ): { status: string; message?: string; waybillNo: string; track: CarrierTrack } {
    if (!param || !sign) throw new PushRejected('missing param or sign');
    const want = Buffer.from(md5Upper(param + this.o.salt));
    const got = Buffer.from(sign.trim().toUpperCase());
    if (got.length !== want.length || !timingSafeEqual(got, want)) throw new PushRejected('bad signature');
    let json: unknown;
    try {
      json = JSON.parse(param);
    } catch {
      throw new PushUnreadable('param is not JSON');
    }
    const parsed = pushParam.safeParse(json);
    if (!parsed.success) throw new PushUnreadable('param has no lastResult');
    const waybillNo = asText(parsed.data.lastResult.nu)?.trim();
    if (!waybillNo) throw new PushUnreadable(`lastResult.nu ${shown(parsed.data.lastResult.nu)}`);
    return {
      status: asText(parsed.data.status) ?? '',
      message: asText(parsed.data.message) ?? undefined,
      waybillNo,
      track: toTrack(waybillNo, parsed.data.lastResult),
    };
  }
}

/** Kuaidi100's expected answers to a push. */
export const PUSH_ACK = { result: true, returnCode: '200', message: '成功' } as const;
export const pushNack = (why: string) => ({ result: false, returnCode: '500', message: why });
