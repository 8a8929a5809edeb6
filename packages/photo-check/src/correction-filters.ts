/** Box filters, the guided filter and smooth resampling for the correction's matte (correction-matte.ts). */

let scratch = new Float64Array(0);

function keeper<T extends { length: number }>(make: (n: number) => T) {
  const kept = new Map<string, T>();
  return (name: string, n: number): T => {
    let p = kept.get(name);
    if (!p || p.length !== n) kept.set(name, (p = make(n)));
    return p;
  };
}

/**
 * A plane of n floats kept by name for the worker's next correction (a worker corrects one
 * photo at a time): the matte's steps reuse a few named planes instead of making some forty
 * planes a photo. Its contents are whatever its last user left; two planes alive at once
 * need two names.
 */
export const plane = keeper((n) => new Float32Array(n));
/** The same for bytes and for indices. */
export const bytePlane = keeper((n) => new Uint8Array(n));
export const indexPlane = keeper((n) => new Int32Array(n));

/** Sums of a w x h plane over (2r+1)-square boxes (clipped at the edges), through an integral image. */
export function boxSum(src: Float32Array, w: number, h: number, r: number, into?: Float32Array): Float32Array {
  // One integral image reused across calls (a worker corrects one photo at a time).
  if (scratch.length < (w + 1) * (h + 1)) scratch = new Float64Array((w + 1) * (h + 1));
  const ii = scratch;
  // Its first row and column are zeros (another size's sums may lie there).
  ii.fill(0, 0, w + 1);
  for (let y = 1; y <= h; y++) ii[y * (w + 1)] = 0;
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += src[y * w + x]!;
      ii[(y + 1) * (w + 1) + x + 1] = ii[y * (w + 1) + x + 1]! + row;
    }
  }
  // The sums may go into the source itself: the integral image holds all it needs.
  const out = into ?? new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const b0 = Math.max(0, y - r) * (w + 1);
    const b1 = Math.min(h, y + r + 1) * (w + 1);
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const x0 = x > r ? x - r : 0;
      const x1 = x + r + 1 < w ? x + r + 1 : w;
      out[row + x] = ii[b1 + x1]! - ii[b0 + x1]! - ii[b1 + x0]! + ii[b0 + x0]!;
    }
  }
  return out;
}

const counts = new Map<string, Float32Array>();
/** How many pixels each (2r+1)-square box holds (fewer at the edges), kept per size. */
export function boxCount(w: number, h: number, r: number): Float32Array {
  const key = `${w}x${h}r${r}`;
  let c = counts.get(key);
  if (!c) {
    c = boxSum(new Float32Array(w * h).fill(1), w, h, r);
    counts.set(key, c);
  }
  return c;
}

/** v / 255 as the float planes held it (Float32Array rounding), for reading the image's bytes. */
const UNIT = Float32Array.from({ length: 256 }, (_, v) => v / 255);

/** out = a * b, element-wise (into a kept plane). */
function productInto(a: Float32Array, b: Float32Array, out: Float32Array): Float32Array {
  for (let i = 0; i < a.length; i++) out[i] = a[i]! * b[i]!;
  return out;
}

/** Half the size, by averaging 2 x 2 blocks (the fast guided filter's subsampling). */
function halve(x: Float32Array, w: number, h: number, out: Float32Array): Float32Array {
  const hw = w >> 1;
  const hh = h >> 1;
  for (let y = 0; y < hh; y++)
    for (let xx = 0; xx < hw; xx++) {
      const i = 2 * y * w + 2 * xx;
      out[y * hw + xx] = (x[i]! + x[i + 1]! + x[i + w]! + x[i + w + 1]!) / 4;
    }
  return out;
}

/** One colour channel of the image halved, straight from its bytes (the same values as halving its 0..1 plane). */
function halveChannel(rgb: Uint8Array, c: number, w: number, h: number, out: Float32Array): Float32Array {
  const hw = w >> 1;
  const hh = h >> 1;
  for (let y = 0; y < hh; y++)
    for (let xx = 0; xx < hw; xx++) {
      const i = (2 * y * w + 2 * xx) * 3 + c;
      const j = i + w * 3;
      out[y * hw + xx] = (UNIT[rgb[i]!]! + UNIT[rgb[i + 3]!]! + UNIT[rgb[j]!]! + UNIT[rgb[j + 3]!]!) / 4;
    }
  return out;
}

/**
 * He, Sun and Tang's guided filter (2010), colour guide, in its fast form (the linear
 * coefficients on a half-size image, applied at full size): the matte made locally a linear
 * function of the image's colour, so its edge follows the hair and the collar the image shows,
 * at the image's own resolution, while the coarse model matte decides what is person.
 * Works on half-size kept planes; the full-size image is read from its bytes and the
 * coefficients are brought back to full size pixel by pixel (no full-size float copies).
 */
export function guidedFilter(
  rgb: Uint8Array,
  p: Float32Array,
  w: number,
  h: number,
  r: number,
  eps: number,
  into?: Float32Array,
) {
  const sw = w >> 1;
  const sh = h >> 1;
  const m = sw * sh;
  const rs = Math.max(1, Math.round(r / 2));
  const half = (name: string) => plane(`guided ${name}`, m);
  const I = [0, 1, 2].map((c) => halveChannel(rgb, c, w, h, half(`I${c}`)));
  const ps = halve(p, w, h, half('p'));
  const count = boxCount(sw, sh, rs);
  const meanInto = (x: Float32Array, out: Float32Array) => {
    boxSum(x, sw, sh, rs, out);
    for (let i = 0; i < m; i++) out[i]! /= count[i]!;
    return out;
  };
  const tmp = half('tmp');
  const mI = I.map((Ic, c) => meanInto(Ic, half(`mI${c}`)));
  const mP = meanInto(ps, half('mP'));
  const cov = I.map((Ic, c) => {
    const v = meanInto(productInto(Ic, ps, tmp), half(`cov${c}`));
    for (let i = 0; i < m; i++) v[i]! -= mI[c]![i]! * mP[i]!;
    return v;
  });
  const varOf = (a: number, b: number) => {
    const v = meanInto(productInto(I[a]!, I[b]!, tmp), half(`var${a}${b}`));
    for (let i = 0; i < m; i++) v[i]! -= mI[a]![i]! * mI[b]![i]!;
    return v;
  };
  const [rr, rg, rb, gg, gb, bbv] = [varOf(0, 0), varOf(0, 1), varOf(0, 2), varOf(1, 1), varOf(1, 2), varOf(2, 2)];
  // The coefficients A (into the covariance planes, read at the same index first) and B (into mP).
  const A = cov;
  const B = mP;
  for (let i = 0; i < m; i++) {
    // (Sigma + eps U)^-1 cov, by the adjugate of the symmetric 3 x 3 matrix.
    const a = rr[i]! + eps;
    const b = rg[i]!;
    const c = rb[i]!;
    const d = gg[i]! + eps;
    const e = gb[i]!;
    const f = bbv[i]! + eps;
    const i00 = d * f - e * e;
    const i01 = c * e - b * f;
    const i02 = b * e - c * d;
    const i11 = a * f - c * c;
    const i12 = b * c - a * e;
    const i22 = a * d - b * b;
    const det = a * i00 + b * i01 + c * i02;
    const x = cov[0]![i]!;
    const y = cov[1]![i]!;
    const z = cov[2]![i]!;
    const a0 = (i00 * x + i01 * y + i02 * z) / det;
    const a1 = (i01 * x + i11 * y + i12 * z) / det;
    const a2 = (i02 * x + i12 * y + i22 * z) / det;
    A[0]![i] = a0;
    A[1]![i] = a1;
    A[2]![i] = a2;
    B[i] = mP[i]! - a0 * mI[0]![i]! - a1 * mI[1]![i]! - a2 * mI[2]![i]!;
  }
  // Box means of the coefficients (into the halved image's planes, no longer needed).
  const mA = A.map((x, c) => meanInto(x, I[c]!));
  const mB = meanInto(B, ps);
  // q = mean(A) . I + mean(B), the means bilinearly doubled to full size as `upsample` does.
  const out = into ?? new Float32Array(w * h);
  const [a0, a1, a2] = mA as [Float32Array, Float32Array, Float32Array];
  const up = upsampleGrid(sw, sh, w, h);
  for (let y = 0; y < h; y++) {
    const y0 = up.ys[y]!;
    const ty = up.tys[y]!;
    for (let x = 0; x < w; x++) {
      const tx = up.txs[x]!;
      const j = y0 * sw + up.xs[x]!;
      const i = y * w + x;
      const o = i * 3;
      out[i] =
        bilinear(a0, j, sw, tx, ty) * UNIT[rgb[o]!]! +
        bilinear(a1, j, sw, tx, ty) * UNIT[rgb[o + 1]!]! +
        bilinear(a2, j, sw, tx, ty) * UNIT[rgb[o + 2]!]! +
        bilinear(mB, j, sw, tx, ty);
    }
  }
  return out;
}

/** A grid's value between four cells, as a Float32Array would hold it (upsample's rounding). */
function bilinear(g: Float32Array, j: number, gw: number, tx: number, ty: number): number {
  const top = g[j]! + (g[j + 1]! - g[j]!) * tx;
  const bot = g[j + gw]! + (g[j + gw + 1]! - g[j + gw]!) * tx;
  return Math.fround(top + (bot - top) * ty);
}

const grids = new Map<string, { xs: Int32Array; txs: Float32Array; ys: Int32Array; tys: Float64Array }>();
/** Where each pixel of w x h falls on a gw x gh grid for bilinear interpolation, kept per size. */
function upsampleGrid(gw: number, gh: number, w: number, h: number) {
  const key = `${gw}x${gh}>${w}x${h}`;
  let g = grids.get(key);
  if (g) return g;
  const xs = new Int32Array(w);
  const txs = new Float32Array(w);
  for (let x = 0; x < w; x++) {
    const fx = Math.min(gw - 1, Math.max(0, ((x + 0.5) / w) * gw - 0.5));
    xs[x] = Math.min(gw - 2, Math.floor(fx));
    txs[x] = fx - xs[x]!;
  }
  const ys = new Int32Array(h);
  const tys = new Float64Array(h);
  for (let y = 0; y < h; y++) {
    const fy = Math.min(gh - 1, Math.max(0, ((y + 0.5) / h) * gh - 0.5));
    ys[y] = Math.min(gh - 2, Math.floor(fy));
    tys[y] = fy - ys[y]!;
  }
  g = { xs, txs, ys, tys };
  grids.set(key, g);
  return g;
}

/** The model's mask (its own grid) brought to w x h by bilinear interpolation. */
export function upsample(
  m: { data: Float32Array; width: number; height: number },
  w: number,
  h: number,
  into?: Float32Array,
): Float32Array {
  const out = into ?? new Float32Array(w * h);
  const g = upsampleGrid(m.width, m.height, w, h);
  for (let y = 0; y < h; y++) {
    const y0 = g.ys[y]!;
    const ty = g.tys[y]!;
    for (let x = 0; x < w; x++) {
      const tx = g.txs[x]!;
      const i = y0 * m.width + g.xs[x]!;
      const top = m.data[i]! + (m.data[i + 1]! - m.data[i]!) * tx;
      const bot = m.data[i + m.width]! + (m.data[i + m.width + 1]! - m.data[i + m.width]!) * tx;
      out[y * w + x] = top + (bot - top) * ty;
    }
  }
  return out;
}
