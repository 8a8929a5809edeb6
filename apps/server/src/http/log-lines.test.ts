import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LogLines } from './log-lines.ts';

const LOG_LINES = path.resolve(import.meta.dirname, 'log-lines.ts');

/** A process that writes log lines through stdoutLines; `script` runs after the import. */
function start(script: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `import { stdoutLines } from ${JSON.stringify(LOG_LINES)};\nconst out = stdoutLines();\n${script}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const seen = { out: '', err: '' };
  child.stdout.on('data', (b: Buffer) => (seen.out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (seen.err += b.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return { seen, exited, child };
}

const until = async (check: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe('log lines held for standard output', () => {
  it('holds a line back, then writes it within about a second while the process runs on', async () => {
    const p = start(`
      out.write('{"msg":"first"}\\n');
      process.stderr.write('written\\n');
      setTimeout(() => process.exit(0), 8000);
    `);
    expect(await until(() => p.seen.err.includes('written'), 15_000)).toBe(true);
    expect(await until(() => p.seen.out.includes('"first"'), 2_500)).toBe(true);
    expect(p.child.exitCode).toBeNull();
    p.child.kill();
    await p.exited;
  }, 30_000);

  it('every line reaches standard output when the process exits, however many', async () => {
    const p = start(`
      for (let i = 0; i < 5000; i++) out.write('{"n":' + i + '}\\n');
      process.exit(3);
    `);
    expect(await p.exited).toBe(3);
    const lines = p.seen.out.trim().split('\n');
    expect(lines).toHaveLength(5000);
    expect(lines.at(-1)).toBe('{"n":4999}');
  }, 30_000);
});

describe('log lines', () => {
  it('arrive whole and in order: Chinese text, lines longer than what is held, many small ones', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-lines-'));
    const file = path.join(dir, 'out.log');
    const fd = fs.openSync(file, 'w');
    try {
      const out = new LogLines(fd);
      const sent: string[] = [];
      const send = (line: string) => (sent.push(line), out.write(line));
      for (let i = 0; i < 3000; i++) send(`{"n":${i},"msg":"订单已支付 ${'汉'.repeat(i % 50)}"}\n`);
      send(`{"big":"${'照片'.repeat(100_000)}"}\n`);
      for (let i = 0; i < 10; i++) send(`{"after":${i}}\n`);
      out.flush();
      expect(fs.readFileSync(file, 'utf8')).toBe(sent.join(''));
    } finally {
      fs.closeSync(fd);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
