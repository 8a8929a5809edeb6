import fs from 'node:fs';

/** Past this many characters held, the lines are written at once. */
const HOLD_CHARS = 16_384;
/** How long a line may wait before it is written. */
const FLUSH_EVERY_MS = 1_000;

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Writes all of text to fd, waiting out a full pipe (EAGAIN) the way a blocking write would. */
function writeAll(fd: number, text: string): void {
  const buf = Buffer.from(text);
  let off = 0;
  while (off < buf.length) {
    try {
      off += fs.writeSync(fd, buf, off);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}

/**
 * The log's way to standard output: lines are held and written together, with one system call,
 * once 16 KB are held, at least every second, and when the process exits.
 *
 * Written one by one (pino's synchronous destination), every request paid a system call and
 * pino's own buffering for its access line: about 2 µs of a bare route's 35. Held here, the
 * same lines cost a tenth of that. pino's asynchronous destination was measured too and saves
 * nothing (its buffer costs what the calls did) and degrades badly with a larger buffer.
 *
 * The price, decided for the access log (see ARCHITECTURE.md, "Request path"): a process killed
 * outright (SIGKILL, out of memory) loses at most the last second's lines. An ordinary exit, an
 * uncaught error (Node runs the exit handlers) and SIGTERM's graceful close lose nothing. Every
 * state change is also an audit row in the database, so no record of what happened depends on
 * these lines.
 */
export class LogLines {
  private held: string[] = [];
  private chars = 0;

  constructor(private readonly fd = 1) {}

  write(line: string): boolean {
    this.held.push(line);
    this.chars += line.length;
    if (this.chars >= HOLD_CHARS) this.flush();
    return true;
  }

  flush(): void {
    if (this.chars === 0) return;
    const text = this.held.length === 1 ? this.held[0]! : this.held.join('');
    this.held = [];
    this.chars = 0;
    writeAll(this.fd, text);
  }
}

let stdout: LogLines | null = null;

/** The process's one held standard output: flushed every second and at exit. */
export function stdoutLines(): LogLines {
  if (stdout) return stdout;
  const lines = (stdout = new LogLines(1));
  setInterval(() => lines.flush(), FLUSH_EVERY_MS).unref();
  process.on('exit', () => lines.flush());
  return lines;
}
