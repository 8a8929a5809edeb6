import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype, { type Font } from 'opentype.js';
import sharp from 'sharp';

/**
 * The image captcha as a raster picture (ARCHITECTURE.md, "Image captcha"). Each character is an
 * outline from one of several fonts shipped in npm packages, transformed on its own (scale, shear,
 * rotation, a wave warp of its outline) and pushed into its neighbours; curves and dots in the
 * text's colours are drawn under and over it; sharp rasterises that, and a last pass bends the
 * whole picture and grains every pixel before it is encoded as JPEG (a few KB; PNG would be
 * some 20 KB for the grain).
 */
export const CAPTCHA_WIDTH = 160;
export const CAPTCHA_HEIGHT = 50;

const require = createRequire(import.meta.url);
/** Glyph sources: svg-captcha's hand-drawn font, a handwriting font and a slab serif in two weights. */
const FONT_FILES = [
  'svg-captcha/fonts/Comismsh.ttf',
  '@fontsource/patrick-hand/files/patrick-hand-latin-400-normal.woff',
  '@fontsource/roboto-slab/files/roboto-slab-latin-400-normal.woff',
  '@fontsource/roboto-slab/files/roboto-slab-latin-700-normal.woff',
];

type Pt = [number, number];
/** A path command with absolute points: M and L one, Q two, C three, Z none. */
type Cmd = { type: 'M' | 'L' | 'Q' | 'C' | 'Z'; pts: Pt[] };
type CaptchaFont = { font: Font; capHeight: number };

let loaded: CaptchaFont[] | null = null;

/** The captcha's fonts, parsed once; `capHeight` is the height of "H" at size 1. */
export function captchaFonts(): CaptchaFont[] {
  if (!loaded) {
    loaded = FONT_FILES.map((file) => {
      const buf = readFileSync(require.resolve(file));
      const font = opentype.parse(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer);
      const box = bounds(outline(font, 'H', 100));
      return { font, capHeight: (box.maxY - box.minY) / 100 };
    });
  }
  return loaded;
}

/** A glyph's outline at a font size, straight edges cut into short pieces so a warp bends them. */
function outline(font: Font, ch: string, size: number): Cmd[] {
  const out: Cmd[] = [];
  let last: Pt = [0, 0];
  let start: Pt = [0, 0];
  const line = (to: Pt) => {
    const n = Math.max(1, Math.ceil(Math.hypot(to[0] - last[0], to[1] - last[1]) / 3));
    for (let i = 1; i <= n; i++)
      out.push({ type: 'L', pts: [[last[0] + ((to[0] - last[0]) * i) / n, last[1] + ((to[1] - last[1]) * i) / n]] });
  };
  for (const c of font.getPath(ch, 0, 0, size).commands) {
    const p: Pt = [c.x ?? 0, c.y ?? 0];
    if (c.type === 'M') {
      out.push({ type: 'M', pts: [p] });
      start = p;
    } else if (c.type === 'L') line(p);
    else if (c.type === 'Q') out.push({ type: 'Q', pts: [[c.x1!, c.y1!], p] });
    else if (c.type === 'C') out.push({ type: 'C', pts: [[c.x1!, c.y1!], [c.x2!, c.y2!], p] });
    else {
      if (last[0] !== start[0] || last[1] !== start[1]) line(start);
      out.push({ type: 'Z', pts: [] });
      last = start;
      continue;
    }
    last = p;
  }
  return out;
}

function bounds(cmds: Cmd[]) {
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const c of cmds)
    for (const [x, y] of c.pts) {
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  return { minX, minY, maxX, maxY };
}

const mapCmds = (cmds: Cmd[], f: (p: Pt) => Pt): Cmd[] => cmds.map((c) => ({ type: c.type, pts: c.pts.map(f) }));

function pathData(cmds: Cmd[]): string {
  return cmds.map((c) => c.type + c.pts.map(([x, y]) => `${x.toFixed(1)} ${y.toFixed(1)}`).join(' ')).join('');
}

export type Rand = () => number;
const between = (r: Rand, a: number, b: number) => a + (b - a) * r();
const hsl = (h: number, s: number, l: number) => `hsl(${h.toFixed(0)},${s.toFixed(0)}%,${l.toFixed(0)}%)`;

/** One character centred on (0,0): its font's outline scaled to `height`, then, unless clean, distorted. */
function glyph(ch: string, f: CaptchaFont, height: number, r: Rand, clean: boolean): Cmd[] {
  // Every character, capital or small, is drawn about as tall as the others (answers ignore case).
  const raw = outline(f.font, ch, 100);
  const b = bounds(raw);
  const k = Math.min(height / (b.maxY - b.minY), (height * 1.15) / (b.maxX - b.minX));
  const cx = (b.minX + b.maxX) / 2;
  const cy = (b.minY + b.maxY) / 2;
  const centred = mapCmds(raw, ([x, y]) => [(x - cx) * k, (y - cy) * k]);
  if (clean) return centred;
  const sx = between(r, 0.8, 1.25);
  const sy = between(r, 0.85, 1.15);
  const shear = between(r, -0.25, 0.25);
  const a = between(r, -0.36, 0.36); // about ±20°
  const [cos, sin] = [Math.cos(a), Math.sin(a)];
  const [ax, ay] = [between(r, 1.2, 2.6), between(r, 1.2, 2.6)];
  const [wx, wy] = [between(r, 10, 20), between(r, 10, 20)];
  const [px, py] = [between(r, 0, 6.3), between(r, 0, 6.3)];
  const bulge = between(r, -0.012, 0.012);
  return mapCmds(centred, ([x, y]) => {
    let u = x * sx + y * shear;
    let v = y * sy;
    [u, v] = [u * cos - v * sin, u * sin + v * cos];
    const k = 1 + bulge * (u * u + v * v) * 0.05;
    return [u * k + ax * Math.sin(v / wy + px), v * k + ay * Math.sin(u / wx + py)];
  });
}

/** A curve from the left edge to the right one through the text's band. */
function curve(r: Rand, w: number, h: number): string {
  const y = () => between(r, h * 0.25, h * 0.75);
  return `M${between(r, -5, w * 0.15).toFixed(1)} ${y().toFixed(1)}C${(w * 0.35).toFixed(1)} ${between(r, -h * 0.2, h * 1.2).toFixed(1)} ${(w * 0.65).toFixed(1)} ${between(r, -h * 0.2, h * 1.2).toFixed(1)} ${between(r, w * 0.85, w + 5).toFixed(1)} ${y().toFixed(1)}`;
}

/** A short arc anywhere. */
function arc(r: Rand, w: number, h: number): string {
  const [x, y] = [between(r, 0, w), between(r, 0, h)];
  const [rx, ry] = [between(r, 8, 30), between(r, 6, 20)];
  return `M${x.toFixed(1)} ${y.toFixed(1)}A${rx.toFixed(1)} ${ry.toFixed(1)} 0 0 ${r() < 0.5 ? 0 : 1} ${(x + between(r, -30, 30)).toFixed(1)} ${(y + between(r, -15, 15)).toFixed(1)}`;
}

/** The picture's SVG: the drawing sharp rasterises. */
export function captchaSvg(text: string, r: Rand, clean = false, font?: number): string {
  const fonts = captchaFonts();
  const [W, H] = [CAPTCHA_WIDTH, CAPTCHA_HEIGHT];
  const chars = [...text].map((ch) => {
    let f = fonts[font ?? Math.floor(r() * fonts.length)];
    if (f.font.charToGlyphIndex(ch) === 0) f = fonts[0];
    const drawn = glyph(ch, f, clean ? 24 : between(r, 23, 29), r, clean);
    const b = bounds(drawn);
    const [mx, my] = [(b.minX + b.maxX) / 2, (b.minY + b.maxY) / 2];
    const cmds = mapCmds(drawn, ([px, py]) => [px - mx, py - my]);
    // svg-captcha's font is drawn in thin strokes: an outline of its own colour thickens it.
    return { cmds, w: b.maxX - b.minX, thin: f === fonts[0] };
  });
  // Neighbours overlap: from one centre to the next: a share of the two half-widths (a clean rendering keeps a gap).
  const steps = chars.map((c, i) => {
    const gap = i + 1 < chars.length ? (c.w + chars[i + 1].w) / 2 : 0;
    return clean ? gap + 6 : gap * between(r, 0.8, 0.95);
  });
  const span = steps.slice(0, -1).reduce((s, x) => s + x, 0) + chars[0].w / 2 + chars[chars.length - 1].w / 2;
  const fit = Math.min(1, (W - 14) / span);
  let x = (W - span * fit) / 2 + (chars[0].w / 2) * fit;
  const hue = r() * 360;
  const parts: string[] = [];
  const bgHue = hue + 180 + between(r, -40, 40);
  parts.push(
    clean
      ? `<rect width="${W}" height="${H}" fill="#fff"/>`
      : `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="${r().toFixed(2)}"><stop offset="0" stop-color="${hsl(bgHue, 60, 93)}"/><stop offset="1" stop-color="${hsl(bgHue + 60, 60, 88)}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#g)"/>`,
  );
  // Neighbouring characters take hues 60° to 100° apart (people separate them by colour); the
  // curves and dots take the same hues, so colour alone does not separate text from noise.
  const hues = [hue];
  for (let i = 1; i < chars.length; i++) hues.push(hues[i - 1] + between(r, 60, 100));
  const ink = (h = hues[Math.floor(r() * hues.length)]) =>
    hsl(h + between(r, -12, 12), between(r, 50, 80), between(r, 22, 40));
  if (!clean) {
    for (let i = 0; i < 4; i++)
      parts.push(
        `<path d="${arc(r, W, H)}" fill="none" stroke="${ink()}" stroke-width="${between(r, 0.8, 1.6).toFixed(1)}"/>`,
      );
  }
  chars.forEach((c, i) => {
    const dy = clean ? 0 : between(r, -4, 4);
    const moved = mapCmds(c.cmds, ([px, py]) => [x + px * fit, H / 2 + dy + py * fit]);
    const colour = clean ? '#000' : ink(hues[i]);
    const edge = c.thin ? ` stroke="${colour}" stroke-width="1.2" stroke-linejoin="round"` : '';
    parts.push(`<path d="${pathData(moved)}" fill="${colour}"${edge}/>`);
    x += steps[i] * fit;
  });
  if (!clean) {
    for (let i = 0; i < 2; i++)
      parts.push(
        `<path d="${curve(r, W, H)}" fill="none" stroke="${ink()}" stroke-width="${between(r, 1.6, 2.6).toFixed(1)}"/>`,
      );
    for (let i = 0; i < 3; i++)
      parts.push(
        `<path d="${arc(r, W, H)}" fill="none" stroke="${ink()}" stroke-width="${between(r, 0.8, 1.4).toFixed(1)}"/>`,
      );
    for (let i = 0; i < 40; i++)
      parts.push(
        `<circle cx="${(r() * W).toFixed(1)}" cy="${(r() * H).toFixed(1)}" r="${between(r, 0.5, 1.5).toFixed(1)}" fill="${r() < 0.5 ? ink() : hsl(r() * 360, 50, 70)}"/>`,
      );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
}

/** The whole picture bent by a sine on each axis (bilinear) and every channel grained by ±`grain`. */
function bendAndGrain(src: Buffer, W: number, H: number, r: Rand, grain: number): Buffer {
  const out = Buffer.alloc(W * H * 3);
  const [ax, ay] = [between(r, 1, 2.2), between(r, 0.8, 1.8)];
  const [fx, fy] = [between(r, 0.08, 0.16), between(r, 0.04, 0.09)];
  const [px, py] = [r() * 6.3, r() * 6.3];
  for (let y = 0; y < H; y++) {
    const shiftX = ax * Math.sin(y * fx + px);
    for (let x = 0; x < W; x++) {
      const sx = Math.min(W - 1.001, Math.max(0, x + shiftX));
      const sy = Math.min(H - 1.001, Math.max(0, y + ay * Math.sin(x * fy + py)));
      const [x0, y0] = [Math.floor(sx), Math.floor(sy)];
      const [tx, ty] = [sx - x0, sy - y0];
      const i00 = (y0 * W + x0) * 3;
      const i10 = i00 + 3;
      const i01 = i00 + W * 3;
      const i11 = i01 + 3;
      const o = (y * W + x) * 3;
      for (let c = 0; c < 3; c++) {
        const v =
          (src[i00 + c] * (1 - tx) + src[i10 + c] * tx) * (1 - ty) + (src[i01 + c] * (1 - tx) + src[i11 + c] * tx) * ty;
        out[o + c] = Math.max(0, Math.min(255, v + (r() - 0.5) * 2 * grain));
      }
    }
  }
  return out;
}

/**
 * Draws `text` as a JPEG. `clean`: black glyphs on white, upright and apart (the attackers' control
 * case); `font`: one of captchaFonts() for every character instead of a random one each.
 */
export async function drawCaptcha(
  text: string,
  opts: { clean?: boolean; rand?: Rand; font?: number } = {},
): Promise<Buffer> {
  const r = opts.rand ?? Math.random;
  const [W, H] = [CAPTCHA_WIDTH, CAPTCHA_HEIGHT];
  const svg = captchaSvg(text, r, opts.clean, opts.font);
  const raster = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  const px = opts.clean ? raster : bendAndGrain(raster, W, H, r, 18);
  return sharp(px, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}
