/**
 * The production topology of `npm run rehearse` (bench/rehearse.ts): PostgreSQL, the bucket, the
 * outside parties' stand-ins, two compiled instances in production mode and HAProxy in front.
 * Everything it starts is stopped by the cleanups it registers, in reverse order.
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
import { startSmsImitation } from '../apps/server/src/providers/sms-imitation.testkit.ts';
import { platformsBehindGateway, MCH, APPID } from '../apps/server/test/pay-platforms.ts';
import { PRODUCTION_SITE_ENV } from '../apps/server/src/site-info-config.ts';
import { NOTICE_TEMPLATE_ENV } from '../apps/server/src/config/notices.testkit.ts';

export const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'apps/server/dist/main.js');
const BASE_DB = process.env.REHEARSE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const t0 = performance.now();
/** What to stop at the end, in reverse order of starting. */
export const cleanups: (() => Promise<unknown> | unknown)[] = [];

export const log = (msg: string) =>
  console.log(`[${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s] ${msg}`);

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

export async function stopChild(p: ChildProcess): Promise<void> {
  if (p.exitCode !== null || p.signalCode !== null) return;
  const gone = new Promise((r) => p.once('exit', r));
  p.kill('SIGTERM');
  const t = setTimeout(() => p.kill('SIGKILL'), 20_000);
  await gone;
  clearTimeout(t);
}

export async function waitFor(what: string, ok: () => Promise<boolean>, ms: number, dead?: () => string | null) {
  const end = Date.now() + ms;
  for (;;) {
    const why = dead?.();
    if (why) throw new Error(`${what}: ${why}`);
    if (await ok().catch(() => false)) return;
    if (Date.now() > end) throw new Error(`${what}: not within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Starts the whole topology; the balancer's address, the instances, the parties' records and a SQL client. */
export async function startTopology(secret: string) {
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
    RESPONSE_SECRET: secret,
    PHOTO_URL_KEY: crypto.randomBytes(32).toString('hex'),
    METRICS_TOKEN: crypto.randomBytes(24).toString('hex'),
    TRUST_PROXY: 'loopback',
    PUBLIC_URL: 'https://photo.rehearsal.example.edu.cn',
    // Above the balancer's time to take an instance out (2 failed checks 1 s apart).
    SHUTDOWN_DRAIN_SECONDS: '3',
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
      '  retries 3',
      '  option redispatch',
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

  return { LB, instances, sql, sms, inbox, wx, gateway, kuaidi, K100, env, s3dir, cfgDir, dataDirs, MCH, APPID };
}
