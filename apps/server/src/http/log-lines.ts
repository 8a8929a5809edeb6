import fs from 'node:fs';

/** Past this many bytes held, the lines are written at once. */
const HOLD_BYTES = 16_384;
/** How long a line may wait before it is written. */
const FLUSH_EVERY_MS = 1_000;

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Writes all of buf to fd, waiting out a full pipe (EAGAIN) the way a blocking write would. */
function writeAll(fd: number, buf: Uint8Array): void {
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
  /** The held lines, encoded straight into one buffer as they come: no string joined, no copy made. */
  private readonly held = Buffer.allocUnsafe(HOLD_BYTES * 4);
  private used = 0;

  constructor(private readonly fd = 1) {}

  write(line: string): boolean {
    // A UTF-16 unit takes at most 3 bytes in UTF-8.
    if (this.used + line.length * 3 > this.held.length) {
      this.flush();
      if (line.length * 3 > this.held.length) {
        writeAll(this.fd, Buffer.from(line));
        return true;
      }
    }
    this.used += this.held.write(line, this.used);
    if (this.used >= HOLD_BYTES) this.flush();
    return true;
  }

  flush(): void {
    if (this.used === 0) return;
    const bytes = this.held.subarray(0, this.used);
    this.used = 0;
    writeAll(this.fd, bytes);
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
