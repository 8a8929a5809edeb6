import { z } from 'zod';
import type { S3Options } from '../providers/storage.ts';
import { DEFAULT_BOUNDS, type PhotoCheckBounds } from '@portal/photo-check/bounds';

const rangeSchema = z.object({ min: z.number(), max: z.number() });
const overrideSchema = z
  .object({
    topSide: rangeSchema,
    eyeSide: rangeSchema,
    leftSide: rangeSchema,
    rightSide: rangeSchema,
    chinSide: rangeSchema,
    eyeAngle: z.number().positive(),
    definition: z.number().nonnegative(),
    backgroundSpread: z.number().positive(),
    backgroundBlueDistance: z.number().positive(),
    blackSideLuma: z.number().nonnegative(),
    exposure: rangeSchema,
    faceExposure: rangeSchema,
    contrast: rangeSchema,
    yaw: z.number().positive(),
    pitch: rangeSchema,
    eyesOpen: z.number().nonnegative(),
    mouthOpen: z.number().positive(),
    blockiness: z.number().positive(),
    backgroundTexture: z.number().positive(),
    headAccessory: z.number().positive(),
    skinA: rangeSchema,
    skinB: rangeSchema,
    skinHue: rangeSchema,
    hueShift: z.number().positive(),
    lightBalance: z.number().nonnegative(),
    hotSpots: z.number().positive(),
    lensGlare: z.number().positive(),
    glassesFrame: z.number().positive(),
    browsCovered: z.number().positive(),
    irisVisible: z.number().nonnegative(),
    minBytesIndividual: z.number().int().nonnegative(),
    maxBytes: z.number().int().positive(),
    maxPixels: z.number().int().positive(),
  })
  .partial();

/** Photo settings from the environment: check bounds, storage and the URL signing key. */
export const photoEnvSchema = z.object({
  PHOTO_CHECK_JSON: z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (!s) return {};
      try {
        return overrideSchema.parse(JSON.parse(s));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON object of photo check bounds' });
        return z.NEVER;
      }
    }),
  /** Worker threads for the check; 0 = one per core, niced below the event loop (check-pool.ts, defaultPoolSize). */
  PHOTO_WORKERS: z.coerce.number().int().min(0).max(64).default(0),
  /** Hours a photo URL stays valid. */
  PHOTO_URL_HOURS: z.coerce.number().positive().default(24),
  /** Key for photo URL signatures (hex or text, at least 32 chars); derived from the data key when absent. */
  PHOTO_URL_KEY: z.string().min(32).optional(),
  STORAGE_DRIVER: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PREFIX: z.string().default('photos/'),
  /** Bucket in the path (MinIO, s3rver) instead of the host name (AWS, Alibaba OSS, Tencent COS). */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * The bucket's circuit breaker (providers/storage.ts; this file is loaded by the check workers too,
   * so its defaults are written here): a call's time limit, failures in a row that open it, seconds it stays open.
   */
  STORAGE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  STORAGE_BREAKER_FAILURES: z.coerce.number().int().min(1).default(3),
  STORAGE_BREAKER_OPEN_SECONDS: z.coerce.number().positive().default(5),
});

export interface PhotoConfig {
  bounds: PhotoCheckBounds;
  workers: number;
  urlHours: number;
  urlKey?: string;
  /** The S3 settings are the storage provider's own options. */
  storage: { driver: 'disk' } | ({ driver: 's3' } & S3Options);
}

/** Reads the photo settings; throws with the setting's name when one is wrong. */
export function loadPhotoConfig(env: NodeJS.ProcessEnv): PhotoConfig {
  const parsed = photoEnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(
      `Invalid configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
  }
  const e = parsed.data;
  let storage: PhotoConfig['storage'] = { driver: 'disk' };
  if (e.STORAGE_DRIVER === 's3') {
    if (!e.S3_ENDPOINT || !e.S3_BUCKET || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) {
      throw new Error(
        'Invalid configuration:\n  STORAGE_DRIVER: s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
      );
    }
    storage = {
      driver: 's3',
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      bucket: e.S3_BUCKET,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      prefix: e.S3_PREFIX,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      circuit: {
        timeoutMs: e.STORAGE_TIMEOUT_MS,
        failuresToOpen: e.STORAGE_BREAKER_FAILURES,
        openMs: Math.round(e.STORAGE_BREAKER_OPEN_SECONDS * 1000),
      },
    };
  }
  return {
    bounds: { ...DEFAULT_BOUNDS, ...e.PHOTO_CHECK_JSON },
    workers: e.PHOTO_WORKERS,
    urlHours: e.PHOTO_URL_HOURS,
    urlKey: e.PHOTO_URL_KEY,
    storage,
  };
}
