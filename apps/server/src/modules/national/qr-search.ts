import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { tooMany } from '../../http/errors.ts';

/**
 * The QR search (jsqr) of a code picture, in a worker thread of its own with a time limit: on
 * 1200 x 1200 pixels of noise it ran 4.5-6 s of plain JavaScript, which on the event loop held
 * up every other request of the instance. The worker is ended at the limit (the picture then
 * reads as holding no code). A plain CommonJS worker: jsqr is CommonJS, and nothing else loads.
 */
const JSQR = createRequire(import.meta.url).resolve('jsqr');
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const jsQR = require(workerData.jsqr);
parentPort.once('message', (m) => {
  const found = jsQR(new Uint8ClampedArray(m.data.buffer), m.width, m.height, { inversionAttempts: 'attemptBoth' });
  parentPort.postMessage(found ? found.data : null);
});`;

/** The longest one search may take. */
export const QR_SEARCH_MS = 2000;

/** Searches RGBA pixels for a QR code in a new worker; null when none was found within `ms`. */
export function searchQr(rgba: Buffer, width: number, height: number, ms = QR_SEARCH_MS): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const w = new Worker(WORKER, {
      eval: true,
      workerData: { jsqr: JSQR },
      resourceLimits: { maxOldGenerationSizeMb: 128 },
    });
    let done = false;
    const finish = (err: Error | null, text: string | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      void w.terminate();
      if (err) reject(err);
      else resolve(text);
    };
    const timer = setTimeout(() => finish(null, null), ms);
    w.once('message', (text: string | null) => finish(null, text));
    w.once('error', (err) => finish(err, null));
    const pixels = new Uint8Array(rgba);
    w.postMessage({ data: pixels, width, height }, [pixels.buffer]);
  });
}

/**
 * At most `size` searches at once per instance, and a short queue; past it the caller is asked to
 * try again (429): each search may take a core for its whole time limit.
 */
export function qrSearchSlots(size = 2, queue = 16) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(job: () => Promise<T>): Promise<T> {
    if (running >= size) {
      if (waiting.length >= queue) throw tooMany();
      await new Promise<void>((go) => waiting.push(go));
    } else running++;
    try {
      return await job();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

export type QrSearchSlots = ReturnType<typeof qrSearchSlots>;
