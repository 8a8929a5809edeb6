import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { call, memberSession, testApp } from '../../test/helpers.ts';
import { verificationCodes } from '../db/schema.ts';
import { pick, qs, solvedCaptcha } from '../modules/auth/test-kit.ts';

/** Issue 18, mail: codes go out by SMTP (nodemailer) to a real SMTP server started by the test. */

interface Received {
  from: string;
  to: string[];
  raw: string;
}
const inbox: Received[] = [];
let smtp: SMTPServer;
let port = 0;
let app: FastifyInstance;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, cb) {
      if (address.address.startsWith('refused')) {
        const e = new Error('5.1.1 Mailbox unavailable') as Error & { responseCode: number };
        e.responseCode = 550;
        return cb(e);
      }
      cb();
    },
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        cb();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  port = (smtp.server.address() as AddressInfo).port;
  app = await testApp({
    mail: {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: '学生图像采集平台 <noreply@photo.example.edu.cn>',
      timeoutMs: 3000,
    },
  });
});
afterAll(async () => {
  await app.close();
  await new Promise<void>((r) => smtp.close(() => r()));
});

/** The decoded text of a received message (nodemailer may use quoted-printable or base64). */
function decoded(raw: string): string {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(head)?.[1] ?? '';
  const words = subject
    .replace(/\r?\n[ \t]/g, '')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, enc: string, s: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(s, 'base64').toString() : decodeQ(s.replace(/_/g, ' ')),
    );
  const text = /Content-Transfer-Encoding: base64/i.test(head)
    ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString()
    : /quoted-printable/i.test(head)
      ? decodeQ(body)
      : body;
  return `${words}\n${text}`;
}
const decodeQ = (s: string) =>
  Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

const codeOf = async (mail: string) => {
  const rows = await app.ctx.db.select().from(verificationCodes).where(eq(verificationCodes.target, mail));
  return rows;
};

describe('e-mail codes by SMTP', () => {
  it('arrive with sender, recipient, subject and code, in Chinese and in English', async () => {
    const send = async (mail: string, lang: string) =>
      call(app, {
        method: 'POST',
        url: '/api/code/sendEmailCode',
        payload: { mail, step: 1, ...pick(await solvedCaptcha(app)) },
        headers: { lang },
      });
    expect((await send('zh.student@example.org', 'zh')).code).toBe(200);
    expect((await send('en.student@example.org', 'en')).code).toBe(200);
    const zh = inbox.find((m) => m.to[0] === 'zh.student@example.org')!;
    const en = inbox.find((m) => m.to[0] === 'en.student@example.org')!;
    expect(zh.from).toBe('noreply@photo.example.edu.cn');
    const zhText = decoded(zh.raw);
    const code = /验证码(\d{6})，5分钟内有效/.exec(zhText)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(zhText.split('\n')[0]).toBe(`学生图像采集平台验证码 ${code}`);
    const enText = decoded(en.raw);
    const enCode = /Your code to link your account is (\d{6})\./.exec(enText)?.[1];
    expect(enText.split('\n')[0]).toBe(`Student photo portal: your verification code ${enCode}`);
    // The code that arrived is the one that binds (it is stored only hashed).
    expect((await codeOf('zh.student@example.org'))[0].codeHash).not.toContain(code!);
  });

  it('a refused address: a clear message and no code left behind', async () => {
    const s = await memberSession(app);
    const r = await call(app, {
      method: 'GET',
      url: `/api/member/sendMailCode?${qs({ mail: 'refused@example.org', ...pick(await solvedCaptcha(app)) })}`,
      session: s,
    });
    expect([r.status, r.msg]).toEqual([400, '邮件服务器拒收，请检查邮箱地址是否正确']);
    expect(await codeOf('refused@example.org')).toEqual([]);
  });

  it('an unreachable server: a clear message in the caller language and nothing marked sent', async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const down = await testApp({
      mail: { smtpUrl: `smtp://127.0.0.1:${deadPort}`, from: 'noreply@photo.example.edu.cn', timeoutMs: 2000 },
    });
    try {
      const r = await call(down, {
        method: 'POST',
        url: '/api/code/sendEmailCode',
        payload: { mail: 'a@example.org', step: 1, ...pick(await solvedCaptcha(down)) },
        headers: { lang: 'en' },
      });
      expect([r.status, r.msg]).toEqual([503, 'The e-mail could not be sent, please try again later']);
      expect(
        await down.ctx.db.select().from(verificationCodes).where(eq(verificationCodes.target, 'a@example.org')),
      ).toEqual([]);
    } finally {
      await down.close();
    }
  });
});
