import { createRequire } from 'node:module';
import path from 'node:path';
import type { FaceFinding } from './check-result.ts';
import { FACE_API, loadTfCore, useFastConcat } from './tf-core.ts';
import { useFrugalForward } from './tiny-forward.ts';
import { noLap, type Lap } from './stage-timer.ts';
import {
  LOW_SCORE,
  MIN_SECOND_FACE,
  SECOND_SCORE,
  STRONG_SCORE,
  TINY_INPUT as DEFAULT_TINY_INPUT,
} from './face-scores.ts';

type FaceApi = typeof import('@vladmandic/face-api/dist/face-api.node-wasm.js');

const require = createRequire(import.meta.url);

export type Detector = 'tiny' | 'ssd';

export interface FaceModel {
  /**
   * Faces and the single face's landmarks on an RGB frame; `describe` then computes the
   * 128-number descriptor of that face from the same detection (no second pass).
   */
  find(
    rgb: Uint8Array,
    width: number,
    height: number,
    lap?: Lap,
  ): Promise<FaceFinding & { describe(wanted: boolean): Promise<number[] | null> }>;
  /**
   * The second look at the picture's side edges: faces found on the strips along them, each
   * completed by its mirror image (a head half cut off by the edge becomes a whole face), on a
   * small detector input. Boxes on the frame, centred on the edge.
   */
  edgeFaces(rgb: Uint8Array, width: number, height: number): Promise<NonNullable<FaceFinding['others']>>;
}

/** The side strips the edge look completes by mirroring, px of the 480 x 640 frame, and the detector's input for it. */
export const EDGE_STRIP = 100;
const EDGE_INPUT = 128;
const EDGE_SCORE = 0.3;

/**
 * The tiny detector's input square. A portrait frame is 480 x 640 with one large face, and the
 * detector only places the box the 68-point landmark net then measures in: at 320 the detector
 * takes 48 ms instead of 66 at 416, every photo of the test set and of the shared portraits gets
 * the same face count and verdict, and landmarks move by 2 px (4 at most). At 256 a photo of
 * three people was seen as none. PHOTO_TINY_INPUT (a multiple of 32, read by config.ts) overrides it.
 */
const TINY_INPUT = DEFAULT_TINY_INPUT;

/**
 * Loads TensorFlow.js on the WASM backend and the face-api models shipped in the
 * npm package (nothing is downloaded). Call once per worker thread.
 */
export async function loadFaceModel(detector: Detector = 'tiny', tinyInput = TINY_INPUT): Promise<FaceModel> {
  const tf = loadTfCore();
  const wasm = require('@tensorflow/tfjs-backend-wasm') as typeof import('@tensorflow/tfjs-backend-wasm');
  const faceapi = require(FACE_API) as FaceApi;
  const wasmDir =
    path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + path.sep;
  // false: read the .wasm files from disk, never fetch them.
  wasm.setWasmPaths(wasmDir, false);
  await tf.setBackend('wasm');
  await tf.ready();
  useFastConcat(tf);
  const modelDir = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  if (detector === 'tiny') {
    await faceapi.nets.tinyFaceDetector.loadFromDisk(modelDir);
    useFrugalForward(tf, faceapi);
  } else await faceapi.nets.ssdMobilenetv1.loadFromDisk(modelDir);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(modelDir);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(modelDir);
  // One pass of the landmark and descriptor nets on an empty face now: the WASM backend sets up
  // each net's weights and kernels on its first run, which a warm-up frame without a face never
  // reaches (the first real photo then paid some seconds for it).
  const blank = faceapi.tf.zeros([150, 150, 3], 'int32') as unknown as Parameters<
    typeof faceapi.computeFaceDescriptor
  >[0];
  try {
    await faceapi.nets.faceLandmark68Net.detectLandmarks(blank as never);
    await faceapi.computeFaceDescriptor(blank);
  } finally {
    (blank as unknown as { dispose(): void }).dispose();
  }
  const options =
    detector === 'tiny'
      ? new faceapi.TinyFaceDetectorOptions({ inputSize: tinyInput, scoreThreshold: LOW_SCORE })
      : new faceapi.SsdMobilenetv1Options({ minConfidence: LOW_SCORE });

  const edgeOptions =
    detector === 'tiny'
      ? new faceapi.TinyFaceDetectorOptions({ inputSize: EDGE_INPUT, scoreThreshold: EDGE_SCORE })
      : new faceapi.SsdMobilenetv1Options({ minConfidence: EDGE_SCORE });

  return {
    async edgeFaces(rgb, width, height) {
      // [left strip mirrored | left strip] [right strip | right strip mirrored], side by side, at
      // half resolution (every other pixel and row): a half face at the edge is large enough there.
      const s = EDGE_STRIP / 2;
      const cw = 4 * s;
      const rows = Math.round((height * 0.75) / 2);
      const data = new Int32Array(cw * rows * 3);
      for (let y = 0; y < rows; y++) {
        for (let k = 0; k < s; k++) {
          const put = (cx: number, fx: number) => {
            const o = (y * cw + cx) * 3;
            const i = (2 * y * width + fx) * 3;
            data[o] = rgb[i]!;
            data[o + 1] = rgb[i + 1]!;
            data[o + 2] = rgb[i + 2]!;
          };
          put(s - 1 - k, 2 * k);
          put(s + k, 2 * k);
          put(2 * s + k, width - 2 * s + 2 * k);
          put(4 * s - 1 - k, width - 2 * s + 2 * k);
        }
      }
      const input = faceapi.tf.tensor3d(data, [rows, cw, 3], 'int32');
      try {
        const all = await faceapi.detectAllFaces(input as never, edgeOptions);
        // A completed half face straddles a mirror seam (s for the left edge, 3s for the right).
        return all
          .filter((d) => {
            const c = d.box.x + d.box.width / 2;
            const seam = Math.min(Math.abs(c - s), Math.abs(c - 3 * s));
            return 2 * d.box.width >= MIN_SECOND_FACE && seam < d.box.width * 0.2;
          })
          .map((d) => {
            const left = d.box.x + d.box.width / 2 < 2 * s;
            return {
              x: left ? 0 : width - d.box.width,
              y: 2 * d.box.y,
              width: d.box.width,
              height: 2 * d.box.height,
              score: d.score,
            };
          });
      } finally {
        input.dispose();
      }
    },
    async find(rgb, width, height, lap = noLap) {
      /**
       * face-api's extractFaceTensors, read from the bytes: the box clipped to the frame and
       * floored, the same integers; the runtime's own slice copies them three at a time in JavaScript.
       */
      const crop = (box: InstanceType<typeof faceapi.Box>) => {
        const b = box.clipAtImageBorders(width, height);
        if (b.width <= 0 || b.height <= 0) return null;
        const data = new Int32Array(b.width * b.height * 3);
        for (let y = 0; y < b.height; y++) {
          const from = ((b.y + y) * width + b.x) * 3;
          data.set(rgb.subarray(from, from + b.width * 3), y * b.width * 3);
        }
        return faceapi.tf.tensor3d(data, [b.height, b.width, 3], 'int32');
      };
      const input = faceapi.tf.tensor3d(rgb, [height, width, 3], 'int32');
      try {
        const all = await faceapi.detectAllFaces(input as never, options);
        lap('detector');
        // The same pass at a low score bar is the second look: a face partly hidden behind the
        // first, or small at the edge, scores under the bar a clear face passes.
        const boxOf = (d: (typeof all)[number]) => {
          const b = d.box;
          return { x: b.x, y: b.y, width: b.width, height: b.height, score: d.score };
        };
        const strong = all.filter((d) => d.score >= STRONG_SCORE);
        const main = strong.length === 1 ? strong[0]! : null;
        const others = all
          .filter((d) => d !== main && d.score >= SECOND_SCORE && d.box.width >= MIN_SECOND_FACE)
          .map(boxOf);
        if (!main) return { count: strong.length, landmarks: [], others, describe: async (_wanted: boolean) => null };
        // The landmark net only for the one face that is measured (the others count by their boxes),
        // on the crop face-api's landmark task takes (its box on the frame, clipped and floored).
        const faceCrop = crop(main.forSize(width, height).box);
        if (!faceCrop) return { count: 1, landmarks: [], others, describe: async (_wanted: boolean) => null };
        let marks;
        try {
          marks = (await faceapi.nets.faceLandmark68Net.detectLandmarks(faceCrop as never)) as InstanceType<
            typeof faceapi.FaceLandmarks68
          >;
        } finally {
          faceCrop.dispose();
        }
        const face = faceapi.extendWithFaceLandmarks(faceapi.extendWithFaceDetection({}, main), marks);
        const landmarks = face.landmarks.positions.map((p) => ({ x: p.x, y: p.y }));
        // The aligned face's crop for the descriptor now; the descriptor only when wanted (describe(false) frees it).
        const alignedCrop = crop(face.alignedRect.box);
        lap('landmarks');
        return {
          count: 1,
          landmarks,
          others,
          async describe(wanted: boolean) {
            try {
              if (!wanted) return null;
              if (!alignedCrop) return null;
              return Array.from((await faceapi.computeFaceDescriptor(alignedCrop as never)) as Float32Array);
            } finally {
              alignedCrop?.dispose();
            }
          },
        };
      } finally {
        input.dispose();
      }
    },
  };
}
