/** A measured distance on the 480 x 640 frame must lie within [min, max]. */
export interface Range {
  min: number;
  max: number;
}

/** Bounds of the photo check (see ARCHITECTURE.md, "Photo check"); every one can be overridden by PHOTO_CHECK_JSON (apps/server config/photo-check.ts). */
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
  /** The cheeks' mean CIELAB a* (green to red) and b* (blue to yellow): natural skin inside both ranges (a colour cast outside). */
  skinA: Range;
  skinB: Range;
  /** The cheeks' CIELAB hue angle, degrees (natural skin of any tone about 30-70; a turned hue leaves it even where a* and b* stay in range). */
  skinHue: Range;
  /** A coloured background's CIELAB hue away from the standard light blue's, degrees, at most (a cast turns it). */
  hueShift: number;
  /** The darker half of the face's luminance over the brighter half's, per cent, at least (light from one side under it). */
  lightBalance: number;
  /** Blown-out share of the forehead or the nose, per cent, at most (a hot spot over it). */
  hotSpots: number;
  /** Thin dark line across both eyes' corners, per cent of the run, at most (a spectacle frame over the pupils; eye-cover.ts). */
  glassesFrame: number;
  /** Share of the eyebrows' columns under hair, per cent, at most (a fringe over them; eye-cover.ts). */
  browsCovered: number;
  /** Near-white share of the box over an eye, per cent, at most (glare on a spectacle lens over it). */
  lensGlare: number;
  /** The iris's visible height over the eye's width, per cent, at least (no iris or pupil showing: eyes closed or covered). */
  irisVisible: number;
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
  skinA: { min: 2, max: 32 },
  skinB: { min: 6, max: 38 },
  skinHue: { min: 24, max: 76 },
  hueShift: 22,
  lightBalance: 68,
  hotSpots: 12,
  lensGlare: 15,
  glassesFrame: 50,
  browsCovered: 35,
  irisVisible: 26,
  minBytesIndividual: 30 * 1024,
  maxBytes: 5 * 1024 * 1024,
  maxPixels: 40_000_000,
};
