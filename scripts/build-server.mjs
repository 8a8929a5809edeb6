#!/usr/bin/env node
// The server's production build: esbuild bundles the server's TypeScript, the contract and the
// photo engine (workspace packages, whose exports are TypeScript) into plain JavaScript under
// apps/server/dist, with source maps. npm packages stay outside the bundle and are loaded from
// node_modules at run time, so `npm ci --omit=dev` is all a production machine installs.
//
// Entries: main.js (the server), check-worker.js (the photo check's worker thread, which the
// pool loads by file path), admin-create.js and backup-cli.js (the operator's commands).
//
// Files the code reads beside itself (migrations, seed data, the demo portrait, the web build)
// are found through import.meta.dirname / import.meta.url. In a bundle every file shares one
// import.meta, so each source file's own is rewritten to its original folder, computed from the
// bundle's place: the compiled build reads those files where they are in the repository.
// See ARCHITECTURE.md, "Production build".
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = process.env.SERVER_OUT_DIR ? path.resolve(process.env.SERVER_OUT_DIR) : path.join(ROOT, 'apps/server/dist');

const entryPoints = {
  main: 'apps/server/src/main.ts',
  'admin-create': 'apps/server/src/admin-create.ts',
  'backup-cli': 'apps/server/src/ops/backup-cli.ts',
  'check-worker': 'packages/photo-check/src/check-worker.ts',
};

/** `@portal/<pkg>/<file>` is packages/<pkg>/src/<file>.ts (their package.json exports say so). */
const workspace = {
  name: 'workspace-packages',
  setup(b) {
    b.onResolve({ filter: /^@portal\// }, (args) => {
      const [, pkg, ...rest] = args.path.split('/');
      const file = path.join(ROOT, 'packages', pkg, 'src', `${rest.join('/')}.ts`);
      if (!fs.existsSync(file)) return { errors: [{ text: `${args.path}: no ${path.relative(ROOT, file)}` }] };
      return { path: file };
    });
  },
};

/** Each file's import.meta.dirname / .url / .filename become its source location, relative to the bundle. */
const ownImportMeta = {
  name: 'own-import-meta',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      let src = await fs.promises.readFile(args.path, 'utf8');
      if (src.includes('import.meta.')) {
        const dir = JSON.stringify(path.relative(OUT, path.dirname(args.path)));
        const file = JSON.stringify(path.relative(OUT, args.path));
        src = src
          .replaceAll('import.meta.dirname', `__portalPath.resolve(__portalOut, ${dir})`)
          .replaceAll('import.meta.filename', `__portalPath.resolve(__portalOut, ${file})`)
          .replaceAll('import.meta.url', `__portalToUrl(__portalPath.resolve(__portalOut, ${file})).href`);
      }
      return { contents: src, loader: 'ts' };
    });
  },
};

const banner = [
  "import __portalPath from 'node:path';",
  "import { fileURLToPath as __portalFromUrl, pathToFileURL as __portalToUrl } from 'node:url';",
  'const __portalOut = __portalPath.dirname(__portalFromUrl(import.meta.url));',
  // The photo pool starts this file as its worker (modules/photos/check-pool.ts).
  "globalThis.portalBuild = { checkWorker: new URL('./check-worker.js', import.meta.url).href };",
].join('\n');

const started = Date.now();
fs.rmSync(OUT, { recursive: true, force: true });
const result = await build({
  absWorkingDir: ROOT,
  entryPoints,
  outdir: OUT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  plugins: [workspace, ownImportMeta],
  banner: { js: banner },
  metafile: true,
  logLevel: 'warning',
});
// The bare imports left to node_modules: the test of the build checks each is a production dependency.
const external = new Set();
for (const out of Object.values(result.metafile.outputs))
  for (const imp of out.imports) if (imp.external && !imp.path.startsWith('node:')) external.add(imp.path);
fs.writeFileSync(path.join(OUT, 'externals.json'), JSON.stringify([...external].sort(), null, 2) + '\n');
const size = Object.entries(result.metafile.outputs)
  .filter(([f]) => f.endsWith('.js'))
  .reduce((n, [, o]) => n + o.bytes, 0);
console.log(
  `server built into ${path.relative(ROOT, OUT) || '.'} in ${Date.now() - started} ms (${(size / 1024).toFixed(0)} KB of JavaScript)`,
);
