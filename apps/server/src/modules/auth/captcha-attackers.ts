import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { captchaFonts, drawCaptcha } from './captcha-image.ts';

/**
 * Attackers that read a captcha picture, for the captcha's tests only: one that knows the fonts
 * (segments the picture and matches each piece against clean renderings of every allowed
 * character in every font, upright and turned), its variant that splits the ink by hue first,
 * and Debian's tesseract OCR.
 */

type Gray = { w: number; h: number; px: Float32Array };
const N = 24; // side of the square a piece and a template are compared at

async function grayOf(img: Buffer): Promise<Gray> {
  const { data, info } = await sharp(img).greyscale().raw().toBuffer({ resolveWithObject: true });
  const px = new Float32Array(info.width * info.height);
  for (let i = 0; i < px.length; i++) px[i] = data[i * info.channels];
  return { w: info.width, h: info.height, px };
}

/** Otsu's threshold: 1 for ink (darker than the threshold), 0 for background. */
function binarise(g: Gray): Uint8Array {
  const hist = new Array<number>(256).fill(0);
  for (const v of g.px) hist[Math.round(v)]++;
  const total = g.px.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i];
  let [sumB, wB, best, threshold] = [0, 0, -1, 128];
  for (let t = 0; t < 256; t++) {
    wB += hist[t];
    if (!wB || wB === total) continue;
    sumB += t * hist[t];
    const mB = sumB / wB;
    const mF = (sum - sumB) / (total - wB);
    const between = wB * (total - wB) * (mB - mF) ** 2;
    if (between > best) [best, threshold] = [between, t];
  }
  return Uint8Array.from(g.px, (v) => (v <= threshold ? 1 : 0));
}

/** Removes 8-connected ink components smaller than `min` pixels (dots and grain). */
function dropSpecks(bin: Uint8Array, w: number, h: number, min: number): void {
  const seen = new Uint8Array(bin.length);
  for (let s = 0; s < bin.length; s++) {
    if (!bin[s] || seen[s]) continue;
    const comp = [s];
    seen[s] = 1;
    for (let k = 0; k < comp.length; k++) {
      const [x, y] = [comp[k] % w, Math.floor(comp[k] / w)];
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const [nx, ny] = [x + dx, y + dy];
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const n = ny * w + nx;
          if (bin[n] && !seen[n]) {
            seen[n] = 1;
            comp.push(n);
          }
        }
    }
    if (comp.length < min) for (const p of comp) bin[p] = 0;
  }
}

/** The ink of columns [x0, x1) cropped to its box and resampled to N×N (area average). */
function normalise(bin: Uint8Array, w: number, h: number, x0: number, x1: number): Float32Array | null {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -1, -1];
  for (let y = 0; y < h; y++)
    for (let x = x0; x < x1; x++)
      if (bin[y * w + x]) {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
  if (maxX < 0) return null;
  // The box keeps its shape: its longer side spans the square, the other is centred.
  const out = new Float32Array(N * N);
  const [bw, bh] = [maxX - minX + 1, maxY - minY + 1];
  const k = N / Math.max(bw, bh);
  const [ox, oy] = [(N - bw * k) / 2, (N - bh * k) / 2];
  for (let y = 0; y < bh; y++)
    for (let x = 0; x < bw; x++)
      if (bin[(minY + y) * w + minX + x]) out[Math.floor(oy + y * k) * N + Math.floor(ox + x * k)] += 1;
  return centre(out);
}

/** Zero mean, unit length: a dot product is then the normalised cross-correlation. */
function centre(v: Float32Array): Float32Array {
  const mean = v.reduce((s, x) => s + x, 0) / v.length;
  let len = 0;
  for (let i = 0; i < v.length; i++) {
    v[i] -= mean;
    len += v[i] * v[i];
  }
  len = Math.sqrt(len) || 1;
  for (let i = 0; i < v.length; i++) v[i] /= len;
  return v;
}

/** Turns a binary picture about its centre (nearest neighbour) onto a canvas of the same size. */
function turn(bin: Uint8Array, w: number, h: number, a: number): Uint8Array {
  const out = new Uint8Array(bin.length);
  const [cx, cy, c, s] = [w / 2, h / 2, Math.cos(a), Math.sin(a)];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const sx = Math.round(cx + (x - cx) * c + (y - cy) * s);
      const sy = Math.round(cy - (x - cx) * s + (y - cy) * c);
      if (sx >= 0 && sy >= 0 && sx < w && sy < h) out[y * w + x] = bin[sy * w + sx];
    }
  return out;
}

export type Template = { ch: string; v: Float32Array };

/** Clean renderings of every character in every captcha font, upright and turned by ±12° and ±24°. */
export async function fontTemplates(alphabet: string): Promise<Template[]> {
  const out: Template[] = [];
  for (let font = 0; font < captchaFonts().length; font++)
    for (const ch of alphabet) {
      const g = await grayOf(await drawCaptcha(ch, { clean: true, font }));
      const bin = binarise(g);
      for (const deg of [0, -12, 12, -24, 24]) {
        const v = normalise(deg ? turn(bin, g.w, g.h, (deg * Math.PI) / 180) : bin, g.w, g.h, 0, g.w);
        if (v) out.push({ ch, v });
      }
    }
  return out;
}

/**
 * Attacker (a): binarise, drop specks, cut the ink's columns into `length` pieces at the emptiest
 * columns near equal shares, and name each piece after the best-correlated template.
 */
export async function templateAttack(img: Buffer, templates: Template[], length = 4): Promise<string> {
  const g = await grayOf(img);
  const bin = binarise(g);
  dropSpecks(bin, g.w, g.h, 12);
  const cols = new Array<number>(g.w).fill(0);
  for (let y = 0; y < g.h; y++) for (let x = 0; x < g.w; x++) cols[x] += bin[y * g.w + x];
  const cuts = segment(cols, length);
  if (!cuts) return '';
  let text = '';
  for (let k = 0; k < length; k++) {
    const v = normalise(bin, g.w, g.h, cuts[k], cuts[k + 1]);
    if (v) text += bestMatch(v, templates);
  }
  return text;
}

/**
 * Cuts columns into `length` pieces: runs of inked columns, the closest runs merged while there
 * are too many, the widest split at its emptiest middle column while there are too few.
 * Returns the `length + 1` piece boundaries, or null for an empty picture.
 */
function segment(cols: number[], length: number): number[] | null {
  const runs: [number, number][] = [];
  cols.forEach((c, x) => {
    if (!c) return;
    const last = runs[runs.length - 1];
    if (last && last[1] === x) last[1] = x + 1;
    else runs.push([x, x + 1]);
  });
  if (!runs.length) return null;
  while (runs.length > length) {
    let k = 0; // merge the pair with the smallest combined width
    for (let i = 1; i < runs.length - 1; i++) if (runs[i + 1][1] - runs[i][0] < runs[k + 1][1] - runs[k][0]) k = i;
    runs.splice(k, 2, [runs[k][0], runs[k + 1][1]]);
  }
  while (runs.length < length) {
    let k = 0;
    for (let i = 1; i < runs.length; i++) if (runs[i][1] - runs[i][0] > runs[k][1] - runs[k][0]) k = i;
    const [a, b] = runs[k];
    // Into as many pieces as are missing (at most), at the emptiest columns near equal shares.
    const parts = Math.min(length - runs.length + 1, Math.max(2, Math.round((b - a) / ((cols.length / length) * 0.6))));
    const bounds = [a];
    for (let p = 1; p < parts; p++) {
      const aim = Math.round(a + ((b - a) * p) / parts);
      const reach = Math.max(1, Math.round((b - a) / parts / 4));
      let best = aim;
      for (let x = Math.max(bounds[p - 1] + 1, aim - reach); x <= Math.min(b - 1, aim + reach); x++)
        if (cols[x] < cols[best]) best = x;
      bounds.push(best);
    }
    bounds.push(b);
    runs.splice(k, 1, ...bounds.slice(0, -1).map((x, i): [number, number] => [x, bounds[i + 1]]));
  }
  return [...runs.map((r) => r[0]), runs[runs.length - 1][1]];
}

/** Hue in degrees of an RGB pixel. */
function hueOf(r: number, g: number, b: number): number {
  const [max, min] = [Math.max(r, g, b), Math.min(r, g, b)];
  if (max === min) return 0;
  const d = max - min;
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return h * 60;
}

/** The largest 8-connected component of a mask, as a new mask. */
function largest(mask: Uint8Array, w: number, h: number): Uint8Array {
  const label = new Int32Array(mask.length).fill(-1);
  let [best, bestSize, next] = [-1, 0, 0];
  for (let s = 0; s < mask.length; s++) {
    if (!mask[s] || label[s] >= 0) continue;
    const comp = [s];
    label[s] = next;
    for (let k = 0; k < comp.length; k++) {
      const [x, y] = [comp[k] % w, Math.floor(comp[k] / w)];
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const [nx, ny] = [x + dx, y + dy];
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const n = ny * w + nx;
          if (mask[n] && label[n] < 0) {
            label[n] = next;
            comp.push(n);
          }
        }
    }
    if (comp.length > bestSize) [best, bestSize] = [next, comp.length];
    next++;
  }
  return Uint8Array.from(label, (l) => (l === best && best >= 0 ? 1 : 0));
}

/**
 * Attacker (a), colour variant: the ink's pixels clustered by hue into `length` groups (k-means on
 * the hue circle), each group's largest component taken as one character, ordered left to right,
 * and named after the best-correlated template.
 */
export async function colourAttack(img: Buffer, templates: Template[], length = 4): Promise<string> {
  const { data, info } = await sharp(img).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [w, h] = [info.width, info.height];
  const g = await grayOf(img);
  const bin = binarise(g);
  dropSpecks(bin, w, h, 12);
  const ink: number[] = [];
  const hue = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++)
    if (bin[i]) {
      ink.push(i);
      hue[i] = hueOf(data[i * 3], data[i * 3 + 1], data[i * 3 + 2]);
    }
  if (ink.length < length) return '';
  const dist = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));
  let centres = Array.from({ length }, (_, k) => (k * 360) / length);
  const group = new Int8Array(w * h).fill(-1);
  for (let iter = 0; iter < 12; iter++) {
    const sums = centres.map(() => [0, 0, 0]);
    for (const i of ink) {
      let k = 0;
      for (let c = 1; c < length; c++) if (dist(hue[i], centres[c]) < dist(hue[i], centres[k])) k = c;
      group[i] = k;
      const a = (hue[i] * Math.PI) / 180;
      sums[k][0] += Math.cos(a);
      sums[k][1] += Math.sin(a);
      sums[k][2]++;
    }
    centres = sums.map(([c, s, n], k) => (n ? ((Math.atan2(s, c) * 180) / Math.PI + 360) % 360 : centres[k]));
  }
  const pieces: { x: number; ch: string }[] = [];
  for (let k = 0; k < length; k++) {
    const piece = largest(
      Uint8Array.from(group, (v) => (v === k ? 1 : 0)),
      w,
      h,
    );
    const v = normalise(piece, w, h, 0, w);
    if (!v) continue;
    let [sumX, n] = [0, 0];
    piece.forEach((p, i) => {
      if (p) [sumX, n] = [sumX + (i % w), n + 1];
    });
    pieces.push({ x: sumX / n, ch: bestMatch(v, templates) });
  }
  return pieces
    .sort((a, b) => a.x - b.x)
    .map((p) => p.ch)
    .join('');
}

function bestMatch(v: Float32Array, templates: Template[]): string {
  let [best, bestCh] = [-Infinity, ''];
  for (const t of templates) {
    let dot = 0;
    for (let i = 0; i < v.length; i++) dot += v[i] * t.v[i];
    if (dot > best) [best, bestCh] = [dot, t.ch];
  }
  return bestCh;
}

const run = promisify(execFile);

/** Whether Debian's tesseract is on this machine. */
export async function hasTesseract(): Promise<boolean> {
  try {
    await run('tesseract', ['--version']);
    return true;
  } catch {
    return false;
  }
}

/**
 * Attacker (b): tesseract on one text line limited to the alphabet, given each picture enlarged 3×
 * with a white margin, as it is and binarised. One tesseract process reads a list of pictures
 * (its model loads once); returns each picture's readings.
 */
export async function tesseractAttack(imgs: Buffer[], alphabet: string): Promise<string[][]> {
  const dir = mkdtempSync(join(tmpdir(), 'captcha-ocr-'));
  try {
    const files: string[] = [];
    for (const [i, img] of imgs.entries()) {
      const meta = await sharp(img).metadata();
      const big = sharp(
        await sharp(img)
          .resize((meta.width ?? 0) * 3, (meta.height ?? 0) * 3, { kernel: 'cubic' })
          .extend({ top: 30, bottom: 30, left: 30, right: 30, background: '#fff' })
          .toBuffer(),
      );
      const [a, b] = [join(dir, `${i}a.png`), join(dir, `${i}b.png`)];
      writeFileSync(a, await big.clone().png().toBuffer());
      writeFileSync(b, await big.clone().greyscale().threshold(140).png().toBuffer());
      files.push(a, b);
    }
    writeFileSync(join(dir, 'list.txt'), files.join('\n') + '\n');
    const { stdout } = await run(
      'tesseract',
      [join(dir, 'list.txt'), 'stdout', '--psm', '7', '-c', `tessedit_char_whitelist=${alphabet}`],
      { env: { ...process.env, OMP_THREAD_LIMIT: '1' }, maxBuffer: 1 << 24 },
    );
    // One page per picture, each ended by a form feed.
    const pages = stdout.split('\f').map((t) => t.replace(/\s+/g, ''));
    if (pages.length < files.length) throw new Error(`tesseract read ${pages.length} of ${files.length} pictures`);
    return imgs.map((_, i) => [pages[2 * i], pages[2 * i + 1]]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
