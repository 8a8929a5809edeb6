import { z } from 'zod';

/** Public settings the web reads at start (GET /api/baseInfo/settings). */
export const publicSettingsSchema = z.object({
  servicePhones: z.array(z.string()),
  serviceHours: z.object({ zh: z.string(), en: z.string() }),
  /** The footer's legal lines: the operator's name and the ICP and public-security filing numbers. */
  site: z.object({
    operator: z.object({ zh: z.string(), en: z.string() }),
    icpNumber: z.string(),
    psbNumber: z.string(),
  }),
  chatUrl: z.string(),
  /** The WeChat mini-programme a closed web collection sends students to: the name to search for, its QR image ('' none). */
  miniProgram: z.object({ name: z.object({ zh: z.string(), en: z.string() }), qrUrl: z.string() }),
  maintenance: z.object({ on: z.boolean(), zh: z.string(), en: z.string() }),
  inactivitySeconds: z.number().int().positive(),
  demo: z.boolean(),
  mapTileUrl: z.string(),
  /** Whether third-party (WeChat) login is on: the login page shows its button only then. */
  thirdPartyLogin: z.boolean(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
