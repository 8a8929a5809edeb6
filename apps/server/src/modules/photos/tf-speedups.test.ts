import { beforeAll, describe, expect, it } from 'vitest';
import { loadFaceModel } from '@portal/photo-check/face-model';
import { loadTfCore } from '@portal/photo-check/tf-core';
import { resizeBilinear } from '@portal/photo-check/person-mask';

// The check's shortcuts around the runtime's slow paths must give the runtime's own numbers.
const tf = loadTfCore();
beforeAll(async () => {
  await loadFaceModel('tiny'); // the WASM runtime, with the fast join installed
}, 60_000);

/** A frame of pseudo-random bytes (the same every run). */
function frame(width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height * 3);
  let s = 12345;
  for (let i = 0; i < out.length; i++) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    out[i] = s >> 23;
  }
  return out;
}

describe('the person mask input scaled from the bytes', () => {
  it.each([
    [480, 640],
    [333, 517],
  ])('matches the runtime resizeBilinear of the frame over 255 (%i x %i)', (w, h) => {
    const rgb = frame(w, h);
    const mine = new Float32Array(256 * 256 * 3);
    resizeBilinear(rgb, w, h, mine, 256);
    const theirs = tf.tidy(() => {
      const img = tf.div(tf.tensor3d(rgb, [h, w, 3], 'float32'), 255) as import('@tensorflow/tfjs-core').Tensor3D;
      return tf.image.resizeBilinear(img, [256, 256]).dataSync();
    }) as Float32Array;
    let worst = 0;
    for (let i = 0; i < mine.length; i++) worst = Math.max(worst, Math.abs(mine[i]! - theirs[i]!));
    expect(worst).toBeLessThan(1e-5);
  });
});

describe('joins on the last axis', () => {
  it('put every number where the runtime would (float and int, last axis and first)', () => {
    const planes = [1, 2, 3].map((v) => tf.fill([1, 2, 3, 1], v, 'float32'));
    expect(Array.from(tf.concat(planes, 3).dataSync())).toEqual(Array.from({ length: 6 }, () => [1, 2, 3]).flat());
    const a = tf.tensor2d([1, 2, 3, 4], [2, 2], 'int32');
    const b = tf.tensor2d([5, 6], [2, 1], 'int32');
    expect(Array.from(tf.concat([a, b], 1).dataSync())).toEqual([1, 2, 5, 3, 4, 6]);
    expect(tf.concat([a, b], 1).shape).toEqual([2, 3]);
    expect(Array.from(tf.concat([a, a], 0).dataSync())).toEqual([1, 2, 3, 4, 1, 2, 3, 4]);
  });
});
