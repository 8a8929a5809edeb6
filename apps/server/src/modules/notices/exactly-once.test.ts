import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { members } from '../../db/schema.ts';
import { withTx } from '../../db/tx.ts';
import { createDatabase } from '../../../test/helpers.ts';
import { startSmsImitation } from '../../providers/sms-imitation.testkit.ts';
import { loadMessagingConfig } from '../../providers/messaging.ts';
import { NOTICE_TEMPLATE_ENV } from '../../config/notices.testkit.ts';
import { enqueueNotice } from './enqueue.ts';
import { runNoticeSender } from './sender.ts';
import { MORNING } from './test-kit.ts';

/**
 * Issue 36, never twice, never lost (PostgreSQL): two instances sending from one outbox, and an
 * instance killed outright after the event's commit with the notice claimed but not sent; every
 * notice reaches the SMS provider's local imitation exactly once.
 */
const base = process.env.TEST_DATABASE_URL;

describe.skipIf(!base)('exactly once on PostgreSQL', () => {
  let sms: Awaited<ReturnType<typeof startSmsImitation>>;
  let url = '';
  const dbs: Database[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    sms = await startSmsImitation(() => 'OK');
    url = (await createDatabase(base!, 'notices')).url;
    const env = {
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-test',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 's',
      ALIYUN_SMS_SIGN_NAME: '学生图像采集',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_LOGIN',
      ALIYUN_SMS_ENDPOINT: sms.url,
    };
    const m = loadMessagingConfig(env);
    if ('errors' in m) throw new Error(m.errors.join());
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: url,
        NOTICE_SMS_DAILY_LIMIT: '50',
        ...NOTICE_TEMPLATE_ENV,
        ...env,
      },
      { pgliteDir: ':memory:', dataKey: '11'.repeat(32) },
    );
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ databaseUrl: url, pgliteDir: ':memory:' });
      dbs.push(database);
      apps.push(await buildApp({ ...config, sms: m.sms }, { database, skipSeed: true, logger: false }));
    }
  }, 180_000);
  afterAll(async () => {
    for (const a of apps) await a.close();
    for (const d of dbs) await d.close();
    await sms.close();
  });

  const sentRefs = () => sms.requests.map((r) => String(r.params.OutId));

  it('two instances sending at once send each of 40 notices once', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const rows = await a.ctx.db
      .insert(members)
      .values(Array.from({ length: 8 }, (_, i) => ({ mobile: `1350000${String(i).padStart(4, '0')}`, isFirst: false })))
      .returning({ id: members.id });
    await withTx(a.ctx, async (t) => {
      for (let i = 0; i < 40; i++)
        await enqueueNotice(t.db, {
          kind: 'shipped',
          memberId: rows[i % rows.length]!.id,
          eventKey: `two-${i}`,
          params: { orderNo: `T${i}`, carrier: '顺丰速运', waybillNo: `SF${i}`, link: '/home/logistics' },
        });
    });
    const runs = await Promise.all([runNoticeSender(a.ctx, MORNING), runNoticeSender(b.ctx, MORNING)]);
    expect(runs[0].sent + runs[1].sent).toBe(40);
    const refs = sentRefs().filter((r) => r.startsWith('two-'));
    expect(refs).toHaveLength(40);
    expect(new Set(refs).size).toBe(40);
    const again = await Promise.all([runNoticeSender(a.ctx, MORNING), runNoticeSender(b.ctx, MORNING)]);
    expect(again[0].sent + again[1].sent).toBe(0);
  }, 120_000);

  it('an instance killed after the commit with the notice claimed: another sends it once its lease ends', async () => {
    const [a] = apps as [FastifyInstance];
    const [m] = await a.ctx.db.insert(members).values({ mobile: '13500009999', isFirst: false }).returning();
    const leaseEnd = new Date(MORNING.getTime() + 120_000);
    const code = await new Promise<number | null>((resolve) => {
      const child = execFile(
        process.execPath,
        [
          '--import',
          'tsx',
          `${import.meta.dirname}/kill-child.testkit.ts`,
          url,
          String(m!.id),
          'killed-1',
          leaseEnd.toISOString(),
        ],
        () => resolve(child.signalCode === 'SIGKILL' ? -9 : child.exitCode),
      );
    });
    expect(code).toBe(-9);
    expect((await runNoticeSender(a.ctx, MORNING)).sent).toBe(0);
    expect((await runNoticeSender(a.ctx, new Date(leaseEnd.getTime() + 1000))).sent).toBe(1);
    expect((await runNoticeSender(a.ctx, new Date(leaseEnd.getTime() + 60_000))).sent).toBe(0);
    expect(sentRefs().filter((r) => r === 'killed-1:sms' || r === 'killed-1')).toHaveLength(1);
  }, 120_000);
});
