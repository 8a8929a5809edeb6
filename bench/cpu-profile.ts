/**
 * The top self-time of a V8 CPU profile (node --cpu-prof), by function and by script:
 *
 *   node --import tsx bench/cpu-profile.ts <file.cpuprofile> [top=25] [last=<seconds>]
 *
 * With last, only the samples of the profile's final seconds count: a bench run of one route
 * ends right after its load, so this leaves out the server's start-up and seeding.
 *
 * Scripts are shortened to their package (node_modules/<pkg>) or their path in the repository.
 */
import fs from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

function script(url: string): string {
  if (!url) return '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const i = url.indexOf('/apps/');
  if (i >= 0) return url.slice(i + 1);
  const j = url.indexOf('/packages/');
  if (j >= 0) return url.slice(j + 1);
  return url.replace(/^file:\/\//, '').replace(/^node:/, 'node:');
}

const [file, topArg, lastArg] = process.argv.slice(2);
if (!file) throw new Error('usage: bench/cpu-profile.ts <file.cpuprofile> [top] [last=<seconds>]');
const top = Number(topArg ?? 25);
const lastUs = lastArg ? Number(lastArg.replace(/^last=/, '')) * 1e6 : Infinity;
const p = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
const endUs = p.timeDeltas.reduce((a, b) => a + b, 0);
let at = 0;
p.samples.forEach((id, i) => {
  at += p.timeDeltas[i] ?? 0;
  if (endUs - at <= lastUs) self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
const fn = new Map<string, number>();
const scr = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id)!;
  const s = script(n.callFrame.url);
  const name = `${n.callFrame.functionName || '(anonymous)'}  ${s}:${n.callFrame.lineNumber + 1}`;
  fn.set(name, (fn.get(name) ?? 0) + us);
  scr.set(s, (scr.get(s) ?? 0) + us);
}
const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
console.log(`total sampled ${(total / 1e6).toFixed(1)} s`);
console.log(`\nself time by script (top ${top})`);
for (const [k, v] of [...scr].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(v)}  ${k}`);
console.log(`\nself time by function (top ${top})`);
for (const [k, v] of [...fn].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(v)}  ${k}`);
