import type { Frame } from './frame.ts';

type Pt = { x: number; y: number };
type Box = { x0: number; y0: number; x1: number; y1: number };

const lin = (v: number) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const fLab = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);

/** CIELAB (D65) of an sRGB colour. */
export function toLab(r: number, g: number, b: number): { L: number; a: number; b: number } {
  const R = lin(r);
  const G = lin(g);
  const B = lin(b);
  const x = fLab((0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047);
  const y = fLab(0.2126 * R + 0.7152 * G + 0.0722 * B);
  const z = fLab((0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883);
  return { L: 116 * y - 16, a: 500 * (x - y), b: 200 * (y - z) };
}

const clip = (f: Frame, bx: Box) => ({
  x0: Math.max(0, Math.round(bx.x0)),
  y0: Math.max(0, Math.round(bx.y0)),
  x1: Math.min(f.width, Math.round(bx.x1)),
  y1: Math.min(f.height, Math.round(bx.y1)),
});

/** Mean RGB and mean luminance of a box. */
function boxMean(f: Frame, bx: Box) {
  const { x0, y0, x1, y1 } = clip(f, bx);
  const m = [0, 0, 0];
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0, i = (y * f.width + x0) * 3; x < x1; x++, i += 3) {
      m[0]! += f.data[i]!;
      m[1]! += f.data[i + 1]!;
      m[2]! += f.data[i + 2]!;
      n++;
    }
  }
  const rgb = m.map((v) => v / Math.max(1, n));
  return { rgb, luma: 0.299 * rgb[0]! + 0.587 * rgb[1]! + 0.114 * rgb[2]!, n };
}

const around = (p: Pt, r: number): Box => ({ x0: p.x - r, y0: p.y - r, x1: p.x + r, y1: p.y + r });
const meanOf = (ps: Pt[]): Pt => ({
  x: ps.reduce((s, p) => s + p.x, 0) / ps.length,
  y: ps.reduce((s, p) => s + p.y, 0) / ps.length,
});

/** The two cheek regions (as OFIQ's NaturalColour): below each eye, between the jaw and the nose. */
export function cheekBoxes(lm: Pt[]): [Box, Box] {
  const faceW = Math.hypot(lm[16]!.x - lm[0]!.x, lm[16]!.y - lm[0]!.y);
  const r = faceW * 0.07;
  const left = meanOf([lm[2]!, lm[31]!, lm[41]!, lm[48]!, lm[1]!, lm[40]!]);
  const right = meanOf([lm[14]!, lm[35]!, lm[46]!, lm[54]!, lm[15]!, lm[47]!]);
  return [around(left, r), around(right, r)];
}

/**
 * The skin's colour on the cheeks in CIELAB: mean a* (green to red) and b* (blue to yellow).
 * Natural skin of any tone lies at positive a* and b*; a colour cast (a filter, a hue turned,
 * green or cyan light) moves them out.
 */
export function skinColour(f: Frame, lm: Pt[]): { a: number; b: number } {
  const [l, r] = cheekBoxes(lm);
  const ml = boxMean(f, l);
  const mr = boxMean(f, r);
  const n = ml.n + mr.n;
  const rgb = [0, 1, 2].map((c) => (ml.rgb[c]! * ml.n + mr.rgb[c]! * mr.n) / Math.max(1, n));
  const lab = toLab(rgb[0]!, rgb[1]!, rgb[2]!);
  return { a: lab.a, b: lab.b };
}

/**
 * Light from one side (OFIQ's illumination uniformity): the darker cheek's mean luminance over
 * the brighter one's, per cent (100 even light; a face lit from one side drops well under it).
 */
export function lightBalance(f: Frame, lm: Pt[]): number {
  const faceW = Math.hypot(lm[16]!.x - lm[0]!.x, lm[16]!.y - lm[0]!.y);
  const r = faceW * 0.09;
  // The cheeks alone (skin, clear of the nose, the hair and the jaw's edge).
  const [l, rr] = [
    boxMean(f, around(meanOf([lm[2]!, lm[31]!, lm[41]!, lm[48]!]), r)).luma,
    boxMean(f, around(meanOf([lm[14]!, lm[35]!, lm[46]!, lm[54]!]), r)).luma,
  ];
  return (100 * Math.min(l, rr)) / Math.max(1, l, rr);
}

/** Share, per cent, of pixels in a box at or above a luminance and nearly colourless (a specular highlight). */
function blownShare(f: Frame, bx: Box, floor: number): number {
  const { x0, y0, x1, y1 } = clip(f, bx);
  let n = 0;
  let hot = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0, i = (y * f.width + x0) * 3; x < x1; x++, i += 3) {
      const r = f.data[i]!;
      const g = f.data[i + 1]!;
      const b = f.data[i + 2]!;
      n++;
      if (0.299 * r + 0.587 * g + 0.114 * b >= floor && Math.max(r, g, b) - Math.min(r, g, b) <= 40) hot++;
    }
  }
  return n ? (100 * hot) / n : 0;
}

/** Blown-out highlights on the forehead and the nose: the larger share, per cent. */
export function hotSpots(f: Frame, lm: Pt[]): number {
  const faceW = Math.hypot(lm[16]!.x - lm[0]!.x, lm[16]!.y - lm[0]!.y);
  const browY = Math.min(...lm.slice(17, 27).map((p) => p.y));
  const forehead = { x0: lm[19]!.x, x1: lm[24]!.x, y0: browY - faceW * 0.22, y1: browY - faceW * 0.04 };
  const nose = { x0: lm[31]!.x, x1: lm[35]!.x, y0: lm[28]!.y, y1: lm[33]!.y };
  return Math.max(blownShare(f, forehead, 250), blownShare(f, nose, 250));
}

/** The box around one eye (landmarks o..o+5), as wide as a spectacle lens. */
function eyeBox(lm: Pt[], o: number): Box {
  const c = meanOf(lm.slice(o, o + 6));
  const w = Math.hypot(lm[o + 3]!.x - lm[o]!.x, lm[o + 3]!.y - lm[o]!.y);
  return { x0: c.x - w * 0.8, x1: c.x + w * 0.8, y0: c.y - w * 0.5, y1: c.y + w * 0.5 };
}

/** Glare on spectacle lenses: near-white share of the box over each eye, per cent, the larger of the two. */
export function lensGlare(f: Frame, lm: Pt[]): number {
  return Math.max(blownShare(f, eyeBox(lm, 36), 235), blownShare(f, eyeBox(lm, 42), 235));
}

/** The cheek skin's mean luminance (both cheek regions): the face's own reference for "dark". */
export function cheekSkinLuma(f: Frame, lm: Pt[]): number {
  const [l, r] = cheekBoxes(lm).map((b) => boxMean(f, b));
  return (l!.luma * l!.n + r!.luma * r!.n) / Math.max(1, l!.n + r!.n);
}

/**
 * Iris and pupil showing: in the middle of each eye, the height of the dark run (under 60 % of the
 * cheek skin's luminance) per column, median over the columns, per cent of the eye's width, the
 * larger of the two eyes. An open eye shows the iris as a dark disc (30 and more); a closed lid
 * shows skin with a thin line of lashes (about 10), whatever the landmark net draws over it.
 */
export function irisVisible(f: Frame, lm: Pt[]): number {
  const cheek = cheekBoxes(lm).map((b) => boxMean(f, b).luma);
  const one = (o: number, skin: number) => {
    const xs = lm.slice(o, o + 6).map((p) => p.x);
    const ys = lm.slice(o, o + 6).map((p) => p.y);
    const w = Math.max(1, Math.max(...xs) - Math.min(...xs));
    const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
    const { x0, y0, x1, y1 } = clip(f, {
      x0: cx - w * 0.2,
      x1: cx + w * 0.2,
      y0: Math.min(...ys) - w * 0.3,
      y1: Math.max(...ys) + w * 0.3,
    });
    const floor = skin * 0.6;
    const runs: number[] = [];
    for (let x = x0; x < x1; x++) {
      let dark = 0;
      for (let y = y0, i = (y * f.width + x) * 3; y < y1; y++, i += f.width * 3)
        if (0.299 * f.data[i]! + 0.587 * f.data[i + 1]! + 0.114 * f.data[i + 2]! < floor) dark++;
      runs.push(dark);
    }
    if (!runs.length) return 0;
    runs.sort((a, b) => a - b);
    return (100 * runs[Math.floor(runs.length / 2)]!) / w;
  };
  return Math.max(one(36, cheek[0]!), one(42, cheek[1]!));
}

/** The standard light blue's CIELAB hue angle, degrees. */
const BLUE_LAB = toLab(100, 197, 255);
const BLUE_HUE = (Math.atan2(BLUE_LAB.b, BLUE_LAB.a) * 180) / Math.PI;

/**
 * A colour cast seen on a blue background: the background's CIELAB hue angle away from the
 * standard light blue's, degrees. A filter or a turned hue moves the whole picture, the background
 * with the face. 0 for a white or grey background (no cast turns it: the skin tells there) and for
 * one far from any blue (a red or busy wall is the background items' business).
 */
export function backgroundHueShift(bg: readonly number[]): number {
  const lab = toLab(bg[0]!, bg[1]!, bg[2]!);
  if (Math.hypot(lab.a, lab.b) < 15) return 0;
  if (Math.hypot(bg[0]! - 100, bg[1]! - 197, bg[2]! - 255) > 130) return 0;
  const hue = (Math.atan2(lab.b, lab.a) * 180) / Math.PI;
  const d = Math.abs(hue - BLUE_HUE) % 360;
  return d > 180 ? 360 - d : d;
}
