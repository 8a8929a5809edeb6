import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Alibaba Cloud and Tencent Cloud SMS APIs, answering in each one's
 * documented shapes, for tests that point the official SDKs at it (their endpoint settings).
 * `answer` picks the provider's code for a phone number; every request is recorded as sent.
 */
export interface SmsRequest {
  provider: 'aliyun' | 'tencent';
  action: string;
  authorization: string;
  /** Aliyun: the RPC query parameters; Tencent: the JSON body. */
  params: Record<string, unknown>;
}

export async function startSmsImitation(answer: (phone: string) => string = () => 'OK') {
  const requests: SmsRequest[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      const tcAction = req.headers['x-tc-action'];
      if (typeof tcAction === 'string') {
        const params = JSON.parse(body || '{}') as { PhoneNumberSet?: string[] };
        requests.push({
          provider: 'tencent',
          action: tcAction,
          authorization: String(req.headers.authorization ?? ''),
          params,
        });
        const phone = params.PhoneNumberSet?.[0] ?? '';
        const code = answer(phone.replace(/^\+86/, ''));
        // A request-level error (credentials, throttling of the account) has no per-number status.
        if (code.startsWith('AuthFailure') || code === 'RequestLimitExceeded') {
          res.end(JSON.stringify({ Response: { Error: { Code: code, Message: code }, RequestId: 'tc-req' } }));
          return;
        }
        const status = {
          SerialNo: 'tc-serial',
          PhoneNumber: phone,
          Fee: code === 'Ok' ? 1 : 0,
          SessionContext: '',
          Code: code === 'OK' ? 'Ok' : code,
          Message: code === 'OK' ? 'send success' : code,
          IsoCode: 'CN',
        };
        res.end(JSON.stringify({ Response: { SendStatusSet: [status], RequestId: 'tc-req' } }));
        return;
      }
      const url = new URL(req.url ?? '/', 'http://local');
      const params = Object.fromEntries(url.searchParams);
      requests.push({
        provider: 'aliyun',
        action: String(req.headers['x-acs-action'] ?? ''),
        authorization: String(req.headers.authorization ?? ''),
        params,
      });
      const code = answer(String(params.PhoneNumbers ?? ''));
      if (code === 'HTTP500') {
        res.statusCode = 500;
        res.end(
          JSON.stringify({
            Code: 'InternalError',
            Message: 'The request processing has failed due to some unknown error.',
            RequestId: 'ali-req',
          }),
        );
        return;
      }
      res.end(
        JSON.stringify({
          Code: code,
          Message: code === 'OK' ? 'OK' : code,
          RequestId: 'ali-req',
          BizId: code === 'OK' ? '900000000000000000^0' : '',
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, close: () => new Promise<void>((r) => server.close(() => r())) };
}
