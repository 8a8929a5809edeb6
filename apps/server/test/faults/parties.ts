import http from 'node:http';
import net from 'node:net';

/**
 * Outside parties the fault suite can make refuse or hang: an SMS API in Alibaba Cloud's shape
 * (the official SDK is pointed at it) and an SMTP server. Each is in one of three modes: 'ok'
 * (answers as the party does), 'refuse' (the SMS API answers an error, the SMTP port is closed)
 * or 'hang' (accepts and never answers).
 */
export type PartyMode = 'ok' | 'refuse' | 'hang';

/** Alibaba Cloud's SendSms, answering by mode; the codes sent, by phone number. */
export async function startSmsParty() {
  const codes = new Map<string, string>();
  const party = { mode: 'ok' as PartyMode, codes, port: 0, close: async () => {} };
  const hung = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (party.mode === 'hang') return void hung.add(res);
      res.setHeader('content-type', 'application/json');
      if (party.mode === 'refuse') {
        res.statusCode = 500;
        return res.end(JSON.stringify({ Code: 'InternalError', Message: 'unavailable', RequestId: 'fault' }));
      }
      const q = new URL(req.url ?? '/', 'http://local').searchParams;
      const code = (JSON.parse(q.get('TemplateParam') ?? '{}') as { code?: string }).code;
      if (code) codes.set(q.get('PhoneNumbers') ?? '', code);
      res.end(JSON.stringify({ Code: 'OK', Message: 'OK', RequestId: 'fault', BizId: '1^0' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  party.port = (server.address() as net.AddressInfo).port;
  party.close = async () => {
    for (const res of hung) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  };
  return party;
}

/** An SMTP server enough for nodemailer; 'refuse' closes its port, 'hang' accepts and never greets. */
export async function startSmtpParty() {
  const sockets = new Set<net.Socket>();
  let listening: net.Server | null = null;
  const party = {
    mode: 'ok' as PartyMode,
    port: 0,
    /** Messages accepted, by recipient. */
    delivered: [] as string[],
    async setMode(mode: PartyMode) {
      const was = party.mode;
      party.mode = mode;
      if (mode === 'refuse') return stop();
      // Connections left hanging are cut when the server answers again.
      if (was === 'hang') for (const s of sockets) s.destroy();
      await start();
    },
    close: () => stop(),
  };
  const serve = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
    if (party.mode === 'hang') return;
    let inData = false;
    let rcpt = '';
    let buf = '';
    s.write('220 fault-smtp ESMTP\r\n');
    s.on('data', (chunk: Buffer) => {
      buf += chunk.toString('latin1');
      for (let i = buf.indexOf('\r\n'); i >= 0; i = buf.indexOf('\r\n')) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            party.delivered.push(rcpt);
            s.write('250 2.0.0 queued\r\n');
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') s.write('250-fault-smtp\r\n250 8BITMIME\r\n');
        else if (verb === 'HELO') s.write('250 fault-smtp\r\n');
        else if (verb === 'RCPT') {
          rcpt = /<([^>]*)>/.exec(line)?.[1] ?? '';
          s.write('250 2.1.5 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          s.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') s.end('221 2.0.0 bye\r\n');
        else s.write('250 ok\r\n');
      }
    });
  };
  async function start() {
    if (listening) return;
    const server = net.createServer(serve);
    await new Promise<void>((r) => server.listen(party.port, '127.0.0.1', r));
    party.port = (server.address() as net.AddressInfo).port;
    listening = server;
  }
  async function stop() {
    const server = listening;
    listening = null;
    for (const s of sockets) s.destroy();
    if (server) await new Promise<void>((r) => server.close(() => r()));
  }
  await start();
  return party;
}
