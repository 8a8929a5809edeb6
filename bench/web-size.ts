/**
 * The built portal's JavaScript: what the home route loads first (the entry and
 * its static imports, plus the home page chunk), gzip sizes, and each lazy chunk.
 * Aim: at most 350 KB gzip for the home route. Run `npm run build` first.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// WEB_DIST: a build made elsewhere (as the browser journeys take it).
const dist = path.resolve(process.env.WEB_DIST ?? path.join(import.meta.dirname, '../apps/web/dist'));
const manifestHtml = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

// Follow static imports from the entry script: that is what the browser must load before rendering.
const entry = /<script type="module"[^>]*src="\/([^"]+)"/.exec(manifestHtml)?.[1];
if (!entry) throw new Error('no entry script in index.html');
const seen = new Set<string>();
const walk = (file: string) => {
  if (seen.has(file)) return;
  seen.add(file);
  const src = fs.readFileSync(path.join(dist, file), 'utf8');
  for (const m of src.matchAll(/(?:^|[;\n])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g))
    walk(path.join(path.dirname(file), m[1]));
};
walk(entry);
const homeChunk = fs
  .readdirSync(path.join(dist, 'assets'))
  .find((f) => f.startsWith('home-page-') && f.endsWith('.js'));
let initial = 0;
for (const f of seen) initial += gz(f);
const homeTotal = initial + (homeChunk ? gz(`assets/${homeChunk}`) : 0);
const css = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.css'));
console.log(`entry + static imports: ${seen.size} files, ${kb(initial)} gzip`);
console.log(
  `home route initial JavaScript: ${kb(homeTotal)} gzip (aim 350 KB; ratio ${(homeTotal / (350 * 1024)).toFixed(2)})`,
);
console.log(`css: ${css.map((f) => `${f} ${kb(gz(`assets/${f}`))}`).join(', ') || 'none'}`);
console.log('\nlazy chunks (gzip):');
for (const f of fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') && !seen.has(`assets/${f}`))
  .sort()) {
  console.log(`  ${f.padEnd(48)} ${kb(gz(`assets/${f}`))}`);
}

// The camera capture's split: its component, and the face model with its runtime, load only when
// the camera opens (never with a page): none of them may be in the initial set above.
const assets = fs.readdirSync(path.join(dist, 'assets'));
const part = (prefix: string, ext = '.js') => assets.filter((f) => f.startsWith(prefix) && f.endsWith(ext));
const size = (files: string[], zip = true) =>
  files.reduce((a, f) => a + (zip ? gz(`assets/${f}`) : fs.statSync(path.join(dist, 'assets', f)).size), 0);
const component = part('camera-capture-');
const runtime = part('face-runtime-');
const weights = [...part('tiny_face_detector_model-', '.bin'), ...part('face_landmark_68_model-', '.bin')];
const early = [...component, ...runtime].filter((f) => seen.has(`assets/${f}`));
console.log('\ncamera capture (loaded when the camera opens):');
console.log(`  component          ${kb(size(component))} gzip (${component.join(', ') || 'not built'})`);
console.log(`  face model runtime ${kb(size(runtime))} gzip (${runtime.join(', ') || 'not built'})`);
console.log(`  model weights      ${kb(size(weights, false))} (${weights.length} files, served by the portal)`);
console.log(`  in the home route's first load: ${early.length ? `YES (${early.join(', ')})` : 'none (aim: none)'}`);
