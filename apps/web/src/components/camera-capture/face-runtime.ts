/**
 * The face model of the live guidance, loaded only when the camera opens (this module is
 * imported dynamically): face-api's browser build with TensorFlow.js inside, and the weights of
 * the same two nets the server's check runs (tiny face detector, 68 landmarks), served by the
 * portal as build assets. Nothing is fetched from outside and no frame leaves the device.
 */
import * as faceapi from '@vladmandic/face-api/dist/face-api.esm.js';
import tinyManifest from '@vladmandic/face-api/model/tiny_face_detector_model-weights_manifest.json';
import landmarkManifest from '@vladmandic/face-api/model/face_landmark_68_model-weights_manifest.json';
import tinyWeights from '@vladmandic/face-api/model/tiny_face_detector_model.bin?url';
import landmarkWeights from '@vladmandic/face-api/model/face_landmark_68_model.bin?url';
import { findingFrom } from '@portal/photo-check/live-guidance';
import { LOW_SCORE, STRONG_SCORE, TINY_INPUT } from '@portal/photo-check/face-scores';
import type { FaceFinding } from '@portal/photo-check/check-result';

type Manifest = { weights: Parameters<typeof faceapi.tf.io.decodeWeights>[1] }[];

async function weightMap(url: string, manifest: Manifest) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`model ${res.status}`);
  return faceapi.tf.io.decodeWeights(await res.arrayBuffer(), manifest[0]!.weights);
}

export interface FaceRuntime {
  /** The faces on a 480 x 640 canvas, counted as the check counts them, with the face's landmarks. */
  find(canvas: HTMLCanvasElement): Promise<FaceFinding>;
  backend: string;
}

/** The runtime calls face-api's own typing leaves out. */
const tf = faceapi.tf as unknown as { ready(): Promise<void>; getBackend(): string };

export async function loadFaceRuntime(): Promise<FaceRuntime> {
  await tf.ready();
  const [tiny, marks] = await Promise.all([
    weightMap(tinyWeights, tinyManifest as unknown as Manifest),
    weightMap(landmarkWeights, landmarkManifest as unknown as Manifest),
  ]);
  faceapi.nets.tinyFaceDetector.loadFromWeightMap(tiny);
  faceapi.nets.faceLandmark68Net.loadFromWeightMap(marks);
  const options = new faceapi.TinyFaceDetectorOptions({ inputSize: TINY_INPUT, scoreThreshold: LOW_SCORE });
  return {
    backend: tf.getBackend(),
    async find(canvas) {
      const all = await faceapi.detectAllFaces(canvas, options);
      const strong = all.filter((d) => d.score >= STRONG_SCORE);
      let landmarks: { x: number; y: number }[] = [];
      if (strong.length === 1) {
        // The landmark net on the face's crop, as the check runs it, moved back onto the frame.
        const box = strong[0]!.box.clipAtImageBorders(canvas.width, canvas.height);
        const [crop] = await faceapi.extractFaces(canvas, [box]);
        if (crop) {
          const marks = (await faceapi.nets.faceLandmark68Net.detectLandmarks(crop)) as faceapi.FaceLandmarks68;
          landmarks = marks.positions.map((p) => ({
            x: box.x + (p.x * box.width) / crop.width,
            y: box.y + (p.y * box.height) / crop.height,
          }));
        }
      }
      return findingFrom(all, () => landmarks);
    },
  };
}
