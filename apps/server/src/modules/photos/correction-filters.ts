/** Box filters, the guided filter and smooth resampling for the correction's matte (correction-matte.ts). */

let scratch = new Float64Array(0);

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
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(w, x + r + 1);
      out[y * w + x] =
        ii[y1 * (w + 1) + x1]! - ii[y0 * (w + 1) + x1]! - ii[y1 * (w + 1) + x0]! + ii[y0 * (w + 1) + x0]!;
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

/** Mean of a plane over (2r+1)-square boxes; `inPlace` overwrites the plane (a temporary one). */
function boxMean(x: Float32Array, w: number, h: number, r: number, count: Float32Array, inPlace = false) {
  const s = boxSum(x, w, h, r, inPlace ? x : undefined);
  for (let i = 0; i < s.length; i++) s[i]! /= count[i]!;
  return s;
}

function product(a: Float32Array, b: Float32Array): Float32Array {
  const out = new Float32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]! * b[i]!;
  return out;
}

/** Half the size, by averaging 2 x 2 blocks (the fast guided filter's subsampling). */
function halve(x: Float32Array, w: number, h: number): Float32Array {
  const hw = w >> 1;
  const hh = h >> 1;
  const out = new Float32Array(hw * hh);
  for (let y = 0; y < hh; y++)
    for (let xx = 0; xx < hw; xx++) {
      const i = 2 * y * w + 2 * xx;
      out[y * hw + xx] = (x[i]! + x[i + 1]! + x[i + w]! + x[i + w + 1]!) / 4;
    }
  return out;
}

/** Twice the size (w x h from w/2 x h/2), bilinear. */
function double(x: Float32Array, w: number, h: number): Float32Array {
  return upsample({ data: x, width: w >> 1, height: h >> 1 }, w, h);
}

/**
 * He, Sun and Tang's guided filter (2010), colour guide, in its fast form (the linear
 * coefficients on a half-size image, applied at full size): the matte made locally a linear
 * function of the image's colour, so its edge follows the hair and the collar the image shows,
 * at the image's own resolution, while the coarse model matte decides what is person.
 */
export function guidedFilter(rgb: Uint8Array, p: Float32Array, w: number, h: number, r: number, eps: number) {
  const n = w * h;
  const full = [0, 1, 2].map((c) => {
    const plane = new Float32Array(n);
    for (let i = 0; i < n; i++) plane[i] = rgb[i * 3 + c]! / 255;
    return plane;
  });
  const sw = w >> 1;
  const sh = h >> 1;
  const m = sw * sh;
  const rs = Math.max(1, Math.round(r / 2));
  const I = full.map((x) => halve(x, w, h));
  const ps = halve(p, w, h);
  const count = boxCount(sw, sh, rs);
  const mean = (x: Float32Array) => boxMean(x, sw, sh, rs, count);
  const meanOfTemp = (x: Float32Array) => boxMean(x, sw, sh, rs, count, true);
  const mI = I.map(mean);
  const mP = mean(ps);
  const cov = I.map((Ic, c) => {
    const v = meanOfTemp(product(Ic, ps));
    for (let i = 0; i < m; i++) v[i]! -= mI[c]![i]! * mP[i]!;
    return v;
  });
  const varOf = (a: number, b: number) => {
    const v = meanOfTemp(product(I[a]!, I[b]!));
    for (let i = 0; i < m; i++) v[i]! -= mI[a]![i]! * mI[b]![i]!;
    return v;
  };
  const [rr, rg, rb, gg, gb, bbv] = [varOf(0, 0), varOf(0, 1), varOf(0, 2), varOf(1, 1), varOf(1, 2), varOf(2, 2)];
  const A = [new Float32Array(m), new Float32Array(m), new Float32Array(m)];
  const B = new Float32Array(m);
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
  const mA = A.map((x) => double(meanOfTemp(x), w, h));
  const mB = double(meanOfTemp(B), w, h);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++)
    out[i] = mA[0]![i]! * full[0]![i]! + mA[1]![i]! * full[1]![i]! + mA[2]![i]! * full[2]![i]! + mB[i]!;
  return out;
}

/** The model's mask (its own grid) brought to w x h by bilinear interpolation. */
export function upsample(m: { data: Float32Array; width: number; height: number }, w: number, h: number): Float32Array {
  const out = new Float32Array(w * h);
  const xs = new Int32Array(w);
  const txs = new Float32Array(w);
  for (let x = 0; x < w; x++) {
    const fx = Math.min(m.width - 1, Math.max(0, ((x + 0.5) / w) * m.width - 0.5));
    xs[x] = Math.min(m.width - 2, Math.floor(fx));
    txs[x] = fx - xs[x]!;
  }
  for (let y = 0; y < h; y++) {
    const fy = Math.min(m.height - 1, Math.max(0, ((y + 0.5) / h) * m.height - 0.5));
    const y0 = Math.min(m.height - 2, Math.floor(fy));
    const ty = fy - y0;
    for (let x = 0; x < w; x++) {
      const tx = txs[x]!;
      const i = y0 * m.width + xs[x]!;
      const top = m.data[i]! + (m.data[i + 1]! - m.data[i]!) * tx;
      const bot = m.data[i + m.width]! + (m.data[i + m.width + 1]! - m.data[i + m.width]!) * tx;
      out[y * w + x] = top + (bot - top) * ty;
    }
  }
  return out;
}
