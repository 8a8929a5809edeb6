/**
 * Tests only: the platforms' side, played by an independent library and the documented
 * rules, never by the adapters' own code. WeChat Pay answers and notifications are signed,
 * and resources encrypted, with wechatpay-axios-plugin; Alipay answers and notifications
 * are signed with a separate RSA2 key pair as Alipay documents it. A small in-process HTTP
 * gateway answers the adapters' outbound calls with scripted answers.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';

export const keyPair = () => {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

export interface Answer {
  status?: number;
  body?: unknown;
  /** 'platform' (default): signed by the platform key; 'none': unsigned; 'other': signed by a stranger's key. */
  sign?: 'platform' | 'none' | 'other';
  /** Never answers within the adapter's timeout. */
  hang?: boolean;
  /** WeChat: the serial the answer names (default the public key id). */
  serial?: string;
}

export interface SeenCall {
  method: string;
  path: string;
  body: string;
  /** WeChat: the Authorization header verified against the merchant's public key with the SDK. */
  signatureOk?: boolean;
  /** Alipay: the form parameters. */
  params?: Record<string, string>;
}

type Script = (call: SeenCall) => Answer | undefined;

/** WeChat Pay as the platform: merchant key to check requests, platform key to sign. */
export class WechatPlatform {
  readonly platform = keyPair();
  readonly stranger = keyPair();
  constructor(
    readonly merchantPublicPem: string,
    readonly apiV3Key: string,
    readonly keyId = 'PUB_KEY_ID_0114232134912410000000000000',
  ) {}

  /** Headers of a signed answer or notification body (Formatter.response + Rsa.sign from the SDK). */
  headers(body: string, opts: { at?: number; key?: string; serial?: string } = {}): Record<string, string> {
    const ts = String(Math.floor((opts.at ?? Date.now()) / 1000));
    const nonce = Formatter.nonce();
    const sig = Rsa.sign(Formatter.response(ts, nonce, body), opts.key ?? this.platform.privatePem);
    return {
      'content-type': 'application/json',
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': sig,
      'wechatpay-serial': opts.serial ?? this.keyId,
    };
  }

  /** An encrypted notification body (AEAD_AES_256_GCM with the API v3 key, by the SDK). */
  notification(
    eventType: string,
    resource: object,
    originalType = eventType.startsWith('REFUND.') ? 'refund' : 'transaction',
  ): string {
    const nonce = Formatter.nonce(12);
    const aad = originalType;
    const ciphertext = Aes.AesGcm.encrypt(JSON.stringify(resource), this.apiV3Key, nonce, aad);
    return JSON.stringify({
      id: crypto.randomUUID(),
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: eventType,
      resource: { original_type: originalType, algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: aad, nonce },
    });
  }

  /** Checks a request's Authorization header as the platform does. */
  verifyRequest(method: string, path: string, body: string, authorization: string): boolean {
    const m = /mchid="([^"]+)",nonce_str="([^"]+)",signature="([^"]+)",timestamp="(\d+)",serial_no="([^"]+)"/.exec(
      authorization,
    );
    if (!m) return false;
    return Rsa.verify(Formatter.request(method, path, m[4], m[2], body), m[3], this.merchantPublicPem);
  }
}

/** Alipay as the platform: signs with its own RSA2 key by the documented rules. */
export class AlipayPlatform {
  readonly alipay = keyPair();
  readonly stranger = keyPair();

  /** Notification form: sorted k=v of the decoded values without sign and sign_type, RSA2, then form-encoded. */
  notification(params: Record<string, string>, key = this.alipay.privatePem): string {
    const content = Object.keys(params)
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    const sign = crypto.createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');
    return new URLSearchParams({ ...params, sign, sign_type: 'RSA2' }).toString();
  }

  /** A gateway answer: {"<method>_response": {...}, "sign": RSA2 over that value's JSON text}. */
  answer(method: string, inner: object, sign: Answer['sign'] = 'platform'): string {
    const json = JSON.stringify(inner);
    const key = sign === 'other' ? this.stranger.privatePem : this.alipay.privatePem;
    const s = crypto.createSign('RSA-SHA256').update(json, 'utf8').sign(key, 'base64');
    return `{"${method.replaceAll('.', '_')}_response":${json}${sign === 'none' ? '' : `,"sign":"${s}"`}}`;
  }
}

/** The in-process gateway: WeChat paths under /v3, Alipay at /gateway.do. */
export class PlatformGateway {
  readonly calls: SeenCall[] = [];
  private server = http.createServer((req, res) => void this.handle(req, res));
  url = '';
  wechatScript: Script = () => undefined;
  alipayScript: Script = () => undefined;

  constructor(
    readonly wechat: WechatPlatform,
    readonly alipay: AlipayPlatform,
  ) {}

  async start(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  callsTo(prefix: string): SeenCall[] {
    return this.calls.filter((c) => `${c.method} ${c.path}`.startsWith(prefix) || c.params?.method === prefix);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = req.url ?? '';
    if (path.startsWith('/gateway.do')) {
      // The SDK sends the common parameters in the query string and biz_content in the body.
      const params = {
        ...Object.fromEntries(new URL(path, 'http://x').searchParams),
        ...Object.fromEntries(new URLSearchParams(body)),
      };
      const call: SeenCall = { method: req.method ?? '', path, body, params };
      this.calls.push(call);
      const a = this.alipayScript(call) ?? {
        body: { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.SYSTEM_ERROR', sub_msg: 'not scripted' },
      };
      if (a.hang) return;
      res.writeHead(a.status ?? 200, { 'content-type': 'application/json;charset=utf-8' });
      res.end(this.alipay.answer(params.method ?? '', a.body as object, a.sign));
      return;
    }
    const call: SeenCall = {
      method: req.method ?? '',
      path,
      body,
      signatureOk: this.wechat.verifyRequest(req.method ?? '', path, body, String(req.headers.authorization ?? '')),
    };
    this.calls.push(call);
    const a = this.wechatScript(call) ?? {
      status: 404,
      body: { code: 'RESOURCE_NOT_EXISTS', message: 'not scripted' },
    };
    if (a.hang) return;
    const text = a.body === undefined ? '' : JSON.stringify(a.body);
    const status = a.status ?? 200;
    const signed =
      a.sign === 'none'
        ? {}
        : this.wechat.headers(text, {
            key: a.sign === 'other' ? this.wechat.stranger.privatePem : undefined,
            serial: a.serial,
          });
    res.writeHead(status, { 'content-type': 'application/json', ...signed });
    res.end(text);
  }
}
