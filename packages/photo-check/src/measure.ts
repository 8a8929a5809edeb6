import type { PhotoCheckBounds, Range } from './bounds.ts';
import type { Frame } from './frame.ts';
import type { FaceFinding, PhotoCheck, SideItem } from './check-result.ts';
import { maskAt, type PersonMask } from './mask-grid.ts';
import { backgroundStats } from './background-measures.ts';
import { qualityItems } from './quality-items.ts';
import { noLap, type Lap } from './stage-timer.ts';

const BLUE = [100, 197, 255] as const;
const PATCH = 32;
/** The fallback background sample keeps clear of a border strip (that is blackSide's business). */
const INSET = 20;

const side = (value: number, r: Range): SideItem => ({
  value: Math.round(value),
  min: r.min,
  max: r.max,
  result: value >= r.min && value <= r.max,
});

const dist = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

function mean(points: { x: number; y: number }[]): { x: number; y: number } {
  const s = points.reduce((acc, p) => ({ x: acc.x + p.x, y: acc.y + p.y }), { x: 0, y: 0 });
  return { x: s.x / points.length, y: s.y / points.length };
}

/** Mean colour and spread of a square patch. */
function patchStats(f: Frame, x0: number, y0: number, size = PATCH): { mean: number[]; std: number } {
  const m = [0, 0, 0];
  const sq = [0, 0, 0];
  let n = 0;
  const x1 = Math.min(f.width, x0 + size);
  const y1 = Math.min(f.height, y0 + size);
  for (let y = Math.max(0, y0); y < y1; y++) {
    for (let x = Math.max(0, x0); x < x1; x++) {
      const i = (y * f.width + x) * 3;
      for (let c = 0; c < 3; c++) {
        const v = f.data[i + c]!;
        m[c]! += v;
        sq[c]! += v * v;
      }
      n++;
    }
  }
  const mu = m.map((v) => v / n);
  const variance = sq.reduce((acc, v, c) => acc + v / n - mu[c]! ** 2, 0) / 3;
  return { mean: mu, std: Math.sqrt(Math.max(0, variance)) };
}

/** Mean luminance of a rectangle. */
function luma(f: Frame, x0: number, y0: number, x1: number, y1: number): number {
  let s = 0;
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * f.width + x) * 3;
      s += 0.299 * f.data[i]! + 0.587 * f.data[i + 1]! + 0.114 * f.data[i + 2]!;
      n++;
    }
  }
  return n ? s / n : 255;
}

/** Variance of the Laplacian of the grey image inside a box: low means blurred. */
export function sharpness(f: Frame, box: { x0: number; y0: number; x1: number; y1: number }): number {
  const g = (x: number, y: number) => {
    const i = (y * f.width + x) * 3;
    return 0.299 * f.data[i]! + 0.587 * f.data[i + 1]! + 0.114 * f.data[i + 2]!;
  };
  const x0 = Math.max(1, Math.round(box.x0));
  const y0 = Math.max(1, Math.round(box.y0));
  const x1 = Math.min(f.width - 1, Math.round(box.x1));
  const y1 = Math.min(f.height - 1, Math.round(box.y1));
  let s = 0;
  let sq = 0;
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const l = g(x - 1, y) + g(x + 1, y) + g(x, y - 1) + g(x, y + 1) - 4 * g(x, y);
      s += l;
      sq += l * l;
      n++;
    }
  }
  return n ? sq / n - (s / n) ** 2 : 0;
}

/**
 * Row of the head top: scanning down the band above the face, the first row where
 * the hair departs from the background colour. Rows that differ across the whole
 * width are a border, not hair, and are skipped.
 */
export function headTop(f: Frame, bg: number[], cx: number, halfBand: number, untilY: number): number {
  const xa = Math.max(0, Math.round(cx - halfBand));
  const xb = Math.min(f.width, Math.round(cx + halfBand));
  const [b0, b1, b2] = [bg[0]!, bg[1]!, bg[2]!];
  for (let y = 0; y < Math.min(untilY, f.height); y++) {
    let band = 0;
    let row = 0;
    for (let x = 0, i = y * f.width * 3; x < f.width; x++, i += 3) {
      // More than 60 from the background colour (squared: no array and no root per pixel).
      const off = (f.data[i]! - b0) ** 2 + (f.data[i + 1]! - b1) ** 2 + (f.data[i + 2]! - b2) ** 2 > 3600;
      if (off) {
        row++;
        if (x >= xa && x < xb) band++;
      }
    }
    if (row / f.width > 0.9) continue;
    if (band / Math.max(1, xb - xa) > 0.3) return y;
  }
  return untilY;
}

/**
 * Row of the head top from the person mask: the first row where the mask covers 30 % of a
 * band over the face centre (hair included, whatever the background's colour or gradient).
 */
export function maskHeadTop(mask: PersonMask, f: Frame, cx: number, halfBand: number, untilY: number): number {
  const xa = Math.max(0, Math.round(cx - halfBand));
  const xb = Math.min(f.width, Math.round(cx + halfBand));
  for (let y = 0; y < Math.min(untilY, f.height); y++) {
    let on = 0;
    for (let x = xa; x < xb; x += 2) if (maskAt(mask, x, y, f.width, f.height) > 0.5) on++;
    if (on / Math.max(1, Math.ceil((xb - xa) / 2)) > 0.3) return y;
  }
  return untilY;
}

/** The whole check from the frame's pixels, the face model's finding and the person mask. */
export function measure(
  f: Frame,
  face: FaceFinding,
  b: PhotoCheckBounds,
  mask: PersonMask,
  lap: Lap = noLap,
): Omit<PhotoCheck, 'picPath'> {
  const one = face.count === 1 && face.landmarks.length === 68;
  const lm = face.landmarks;
  const eyeL = one ? mean(lm.slice(36, 42)) : { x: 0, y: 0 };
  const eyeR = one ? mean(lm.slice(42, 48)) : { x: 0, y: 0 };
  const eyeY = one ? (eyeL.y + eyeR.y) / 2 : f.height / 3;
  // The background where the person mask leaves it: hair and shoulders are never background.
  const stats = backgroundStats(f, mask);
  const bg = stats.mean;
  const background = stats.share >= 0.03 && stats.spread <= b.backgroundSpread && stats.texture <= b.backgroundTexture;
  const whiteOrGrey = Math.min(...bg) >= 180 && Math.max(...bg) - Math.min(...bg) <= 30;
  const backgroundout = stats.share >= 0.03 && (dist(bg, BLUE) <= b.backgroundBlueDistance || whiteOrGrey);
  lap('background');
  const extra = qualityItems(f, face, b, stats, mask, lap);
  const strip = 6;
  const lowY = one ? Math.min(f.height, Math.round(lm[8]!.y)) : Math.round(f.height * 0.6);
  const blackSide =
    luma(f, 0, 0, f.width, strip) >= b.blackSideLuma &&
    luma(f, 0, 0, strip, lowY) >= b.blackSideLuma &&
    luma(f, f.width - strip, 0, f.width, lowY) >= b.blackSideLuma;
  lap('border');

  if (!one) {
    const none = (r: Range): SideItem => ({ value: 0, min: r.min, max: r.max, result: false });
    return {
      topSide: none(b.topSide),
      eyeSide: none(b.eyeSide),
      leftSide: none(b.leftSide),
      rightSide: none(b.rightSide),
      chinSide: none(b.chinSide),
      eyeAngle: { angle: 0, config_angle: b.eyeAngle },
      definition: false,
      blackSide,
      background,
      backgroundout,
      topComplete: false,
      ...extra,
    };
  }
  const jawL = lm[0]!;
  const jawR = lm[16]!;
  const chin = lm[8]!;
  const faceW = jawR.x - jawL.x;
  const cx = (jawL.x + jawR.x) / 2;
  const top = maskHeadTop(mask, f, cx, faceW * 0.25, Math.round(eyeY));
  // Hair reaching the upper edge (a wisp the soft mask misses) also means the head is cut off:
  // the colour scan against the upper corners finds it in the first rows.
  const corners = [patchStats(f, INSET, INSET), patchStats(f, f.width - PATCH - INSET, INSET)];
  const edgeTop = headTop(
    f,
    [0, 1, 2].map((c) => (corners[0]!.mean[c]! + corners[1]!.mean[c]!) / 2),
    cx,
    faceW * 0.25,
    Math.round(eyeY),
  );
  lap('head top');
  const angle = (Math.atan2(eyeR.y - eyeL.y, eyeR.x - eyeL.x) * 180) / Math.PI;
  const browY = Math.min(...lm.slice(17, 27).map((p) => p.y));
  const sharp = sharpness(f, { x0: jawL.x, y0: browY, x1: jawR.x, y1: chin.y });
  lap('sharpness');
  return {
    topSide: side(top, b.topSide),
    eyeSide: side(eyeY, b.eyeSide),
    leftSide: side(jawL.x, b.leftSide),
    rightSide: side(f.width - jawR.x, b.rightSide),
    chinSide: side(f.height - chin.y, b.chinSide),
    eyeAngle: { angle: Math.round(angle * 10) / 10, config_angle: b.eyeAngle },
    definition: sharp >= b.definition,
    blackSide,
    background,
    backgroundout,
    // The mask is 2.5 px a cell and soft at the frame edge: a head top in the first few rows is cut off.
    topComplete: top > 8 && edgeTop > 2,
    ...extra,
    sharpness: { value: Math.round(sharp), min: b.definition, max: 1e6, result: sharp >= b.definition },
  };
}
