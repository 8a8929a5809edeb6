import { eq } from 'drizzle-orm';
import type { PublicSettings } from '@portal/contract/settings';
import type { AppContext } from '../../context.ts';
import { settings } from '../../db/schema.ts';
import { oauthFor } from '../auth/oauth-party.ts';

export interface MaintenanceSetting {
  on: boolean;
  zh: string;
  en: string;
}

const DEFAULT_MAINTENANCE: MaintenanceSetting = {
  on: false,
  zh: '系统维护中，关闭时间不定，请稍后访问。',
  en: 'The system is under maintenance; the closing time is not fixed. Please come back later.',
};

export async function readSetting<T>(ctx: AppContext, key: string, fallback: T): Promise<T> {
  const rows = await ctx.db.select().from(settings).where(eq(settings.key, key)).limit(1);
  return rows[0] ? (rows[0].value as T) : fallback;
}

export async function writeSetting(ctx: AppContext, key: string, value: unknown): Promise<void> {
  await ctx.db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/** The settings the web reads at start; staff-set values override the configured defaults. */
export async function publicSettings(ctx: AppContext): Promise<PublicSettings> {
  const c = ctx.config;
  const [maintenance, phones] = await Promise.all([
    readSetting<MaintenanceSetting>(ctx, 'maintenance', DEFAULT_MAINTENANCE),
    readSetting<string[] | null>(ctx, 'servicePhones', null),
  ]);
  return {
    servicePhones: phones ?? c.servicePhones,
    serviceHours: c.serviceHours,
    site: c.site,
    chatUrl: c.chatUrl,
    maintenance: { ...DEFAULT_MAINTENANCE, ...maintenance },
    inactivitySeconds: c.inactivitySeconds,
    demo: c.demo,
    mapTileUrl: c.mapTileUrl,
    thirdPartyLogin: oauthFor(ctx) !== null,
  };
}
