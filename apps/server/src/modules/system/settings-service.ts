import type { PublicSettings } from '@portal/contract/settings';
import type { AppContext } from '../../context.ts';
import { readSetting } from '../../db/settings-store.ts';

/** The settings table's reads and writes (db/settings-store.ts), for the modules. */
export { readSetting, writeSetting } from '../../db/settings-store.ts';

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
    miniProgram: c.miniProgram,
    maintenance: { ...DEFAULT_MAINTENANCE, ...maintenance },
    inactivitySeconds: c.inactivitySeconds,
    demo: c.demo,
    mapTileUrl: c.mapTileUrl,
    thirdPartyLogin: ctx.oauth !== null,
  };
}
