import { z } from 'zod';
import type { S3Options } from '../providers/storage.ts';

/** A measured distance on the 480 x 640 frame must lie within [min, max]. */
export interface Range {
  min: number;
  max: number;
}

/** Bounds of the photo check (see ARCHITECTURE.md, "Photo check"); every one can be overridden by PHOTO_CHECK_JSON. */
export interface PhotoCheckBounds {
  width: number;
  height: number;
  /** Head top below the upper edge. */
  topSide: Range;
  /** Eye line below the upper edge. */
  eyeSide: Range;
  /** Left and right face margins (face width 180-300 px, centred: (480 - 300) / 2 .. (480 - 180) / 2). */
  leftSide: Range;
  rightSide: Range;
  /** Room below the chin. */
  chinSide: Range;
  /** Largest tilt of the eye line, degrees. */
  eyeAngle: number;
  /** Smallest variance of the Laplacian on the face (sharpness). */
  definition: number;
  /** Largest colour spread (RGB distance) between the background's cells (person masked out, 90th percentile). */
  backgroundSpread: number;
  /** Largest RGB distance of the background from the standard light blue. */
  backgroundBlueDistance: number;
  /** A border strip darker than this mean luminance is a dark border. */
  blackSideLuma: number;
  /** Brightest 1 % of the frame at least this (a photo too dark as a whole has nothing bright). */
  exposure: Range;
  /** The face's 95th-percentile luminance: under min the face is too dark, over max blown out. */
  faceExposure: Range;
  /** Spread (standard deviation) of the face's luminance: flat light or a veiled face under min. */
  contrast: Range;
  /** Head turned left or right, degrees (from the landmarks), at most. */
  yaw: number;
  /** Nose tip between eye line and chin, per cent: under min the head is raised, over max lowered. */
  pitch: Range;
  /** Eye aspect ratio, per cent, at least (eyes open). */
  eyesOpen: number;
  /** Inner-lip gap over mouth width, per cent, at most (mouth closed, neutral expression). */
  mouthOpen: number;
  /** Step across JPEG block edges over the step inside the blocks, at most. */
  blockiness: number;
  /** Colour spread inside the background cells (texture, stripes), at most. */
  backgroundTexture: number;
  /** Contrast of a mirrored pair of regions on the hair with the hair around them (head-accessory.ts), at most. */
  headAccessory: number;
  /** Input caps. */
  minBytesIndividual: number;
  maxBytes: number;
  maxPixels: number;
}

export const DEFAULT_BOUNDS: PhotoCheckBounds = {
  width: 480,
  height: 640,
  topSide: { min: 50, max: 110 },
  eyeSide: { min: 200, max: 300 },
  leftSide: { min: 90, max: 150 },
  rightSide: { min: 90, max: 150 },
  chinSide: { min: 40, max: 330 },
  eyeAngle: 5,
  definition: 20,
  backgroundSpread: 20,
  backgroundBlueDistance: 70,
  blackSideLuma: 60,
  exposure: { min: 140, max: 255 },
  faceExposure: { min: 90, max: 250 },
  contrast: { min: 15, max: 90 },
  yaw: 15,
  pitch: { min: 34, max: 48 },
  eyesOpen: 24,
  mouthOpen: 21,
  blockiness: 2,
  backgroundTexture: 6,
  headAccessory: 35,
  minBytesIndividual: 30 * 1024,
  maxBytes: 5 * 1024 * 1024,
  maxPixels: 40_000_000,
};

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
  /** Worker threads for the check; 0 = one per core but one (check-pool.ts, defaultPoolSize). */
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
