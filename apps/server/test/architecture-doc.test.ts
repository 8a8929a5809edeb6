import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// ARCHITECTURE.md is the repository's record of the design and the code's comments point to it
// by section name: these checks keep the pointers, the sections and the paths it names true.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DOC = fs.readFileSync(path.join(ROOT, 'ARCHITECTURE.md'), 'utf8');
const SKIP = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report', '.git', 'migrations']);

function walk(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(e.name)) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (/\.(ts|tsx|js|mjs|md)$/.test(e.name)) out.push(p);
  }
  return out;
}

const SOURCES = [
  ...['apps', 'packages', 'bench', 'e2e', 'scripts'].flatMap((d) => walk(path.join(ROOT, d))),
  ...['README.md', 'CONTRIBUTING.md', 'eslint.config.js'].map((f) => path.join(ROOT, f)),
];
const rel = (p: string) => path.relative(ROOT, p);
// A section is any heading below the title (second to fourth level).
const SECTIONS = new Set([...DOC.matchAll(/^#{2,4} (.+)$/gm)].map((m) => m[1].trim()));

describe('ARCHITECTURE.md', () => {
  it('is what comments cite, never numbered sections of a design document outside the repository', () => {
    const stale = SOURCES.filter((f) => /DESIGN (section|§)?\s*\d|shared\/DESIGN\.md/.test(fs.readFileSync(f, 'utf8')));
    expect(stale.map(rel)).toEqual([]);
  });

  it('has every section a comment points to', () => {
    const missing: string[] = [];
    for (const f of SOURCES) {
      for (const m of fs.readFileSync(f, 'utf8').matchAll(/ARCHITECTURE\.md,\s*"([^"]+)"/g)) {
        // A name may wrap onto the comment's next line.
        const name = m[1].replace(/\s*\n\s*(\*|\/\/)?\s*/g, ' ');
        if (!SECTIONS.has(name)) missing.push(`${rel(f)}: "${name}"`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('names only paths that exist', () => {
    const bases = ['', 'apps/server/src', 'apps/web/src', 'packages/contract/src'];
    const names = new Set(SOURCES.map((f) => path.basename(f)));
    const missing: string[] = [];
    for (const [, token] of DOC.matchAll(/`([^`\s]+)`/g)) {
      // Placeholders, URLs, package names and settings (DATA_DIR/db) are not repository paths.
      if (/[<>*:?=]|^\/|^@|^https?:|^[A-Z_]+\//.test(token) || !/\/|\.(ts|tsx|js|md)$/.test(token)) continue;
      const p = token.replace(/\/$/, '');
      const found = token.includes('/')
        ? bases.some((b) => fs.existsSync(path.join(ROOT, b, p))) ||
          SOURCES.some((f) => rel(f).endsWith(`/${p}`) || rel(path.dirname(f)).endsWith(`/${p}`))
        : names.has(p);
      if (!found) missing.push(token);
    }
    expect(missing).toEqual([]);
  });
});
