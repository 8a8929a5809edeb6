import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../src/config.ts';
import { consent, orderFixtures } from '../src/modules/orders/test-kit.ts';
import { call, memberSession, useTestApp, type Session } from './helpers.ts';

type Profile = Parameters<typeof memberSession>[2];
type Member = Session & { mobile: string };

export interface AppWithMembers {
  app: FastifyInstance;
  /** One signed-in member per profile given, in that order. */
  members: Member[];
  /** The first member, and the second when two profiles were given. */
  me: Member;
  other: Member;
  /** The carrier of the order fixtures (0 without them). */
  carrierId: number;
}

/**
 * One test app for the file with members signed in before its tests: the order fixtures (a
 * pilot school, a carrier) first when `orders`, then the members, then their photo consent
 * when `consent`. `set` receives them (the file keeps its own `let`s, so the tests read as before).
 */
export function useAppWithMembers(
  set: (t: AppWithMembers) => void,
  opts: { config?: Partial<Config>; profiles?: Profile[]; orders?: boolean; consent?: boolean } = {},
): void {
  useTestApp(async (app) => {
    const carrierId = opts.orders ? (await orderFixtures(app)).carrierId : 0;
    const members: Member[] = [];
    for (const profile of opts.profiles ?? [{}]) members.push(await memberSession(app, undefined, profile));
    if (opts.consent) for (const m of members) await consent(app, m);
    set({ app, members, me: members[0]!, other: members[1]!, carrierId });
  }, opts.config);
}

/**
 * The payment suites' app: the sandbox provider answering its notify after 20 ms, a public URL
 * for the notify and return addresses, and one member.
 */
export function usePaySandboxApp(set: (t: { app: FastifyInstance; me: Member }) => void): void {
  process.env.PAY_SANDBOX_NOTIFY_DELAY_MS = '20';
  useAppWithMembers(({ app, me }) => set({ app, me }), {
    config: { publicUrl: 'https://photo.example.cn' },
  });
}

/** A collection order the member creates through the API (checked as accepted); its id. */
export async function createdOrder(app: FastifyInstance, session: Session, person: object): Promise<number> {
  const r = await call<number>(app, {
    method: 'POST',
    url: '/api/order/createCollectionOrder',
    payload: person,
    session,
  });
  expect(r.code).toBe(200);
  return r.data;
}
