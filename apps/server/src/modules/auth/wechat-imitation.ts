import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_APP_ID = 'wx0123456789abcdef';
export const FAKE_APP_SECRET = 'fake-app-secret-0123456789abcdef';

/**
 * A local imitation of WeChat's website-login API for tests, answering by the code it is given:
 * `ok-<openid>` a token (as text/plain, as WeChat labels it), `used` 40163, `invalid` 40029,
 * `busy` -1, `hang` never, `html` an HTTP 502 page. A wrong appid or secret gets 40125, and
 * /sns/userinfo answers the nickname for the token it handed out.
 */
export async function startWechatImitation() {
  const calls: { path: string; query: Record<string, string> }[] = [];
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    const q = Object.fromEntries(u.searchParams);
    calls.push({ path: u.pathname, query: q });
    const json = (body: object) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(JSON.stringify(body));
    };
    if (u.pathname === '/sns/oauth2/access_token') {
      if (q.appid !== FAKE_APP_ID || q.secret !== FAKE_APP_SECRET || q.grant_type !== 'authorization_code') {
        return json({ errcode: 40125, errmsg: 'invalid appsecret, rid: 1' });
      }
      const code = q.code ?? '';
      if (code.startsWith('ok-')) {
        const openid = code.slice(3);
        return json({
          access_token: `ACCESS-${openid}`,
          expires_in: 7200,
          refresh_token: `REFRESH-${openid}`,
          openid,
          scope: 'snsapi_login',
          unionid: `U-${openid}`,
        });
      }
      if (code === 'used') return json({ errcode: 40163, errmsg: 'code been used, rid: 2' });
      if (code === 'invalid') return json({ errcode: 40029, errmsg: 'invalid code, rid: 3' });
      if (code === 'busy') return json({ errcode: -1, errmsg: 'system error' });
      if (code === 'hang') return; // never answers
      if (code === 'html') {
        res.writeHead(502, { 'content-type': 'text/html' });
        return res.end('<html><body>502 Bad Gateway</body></html>');
      }
      return json({ errcode: 40029, errmsg: 'invalid code' });
    }
    if (u.pathname === '/sns/userinfo') {
      if (q.access_token !== `ACCESS-${q.openid}`) return json({ errcode: 40001, errmsg: 'invalid credential' });
      return json({
        openid: q.openid,
        nickname: '小明同学',
        sex: 1,
        province: '',
        city: '',
        country: 'CN',
        headimgurl: '',
        privilege: [],
        unionid: `U-${q.openid}`,
      });
    }
    res.writeHead(404).end();
  });
  // The adapter's fetch keeps connections alive between calls; on a loaded machine Node's 5 s
  // default could close one just as the next call reuses it, which reads as a reset (502), not
  // the answer under test. WeChat's servers keep them far longer.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    calls,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
