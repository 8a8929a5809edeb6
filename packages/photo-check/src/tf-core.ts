import { createRequire, Module } from 'node:module';

type TfCore = typeof import('@tensorflow/tfjs-core');
type Tensor = import('@tensorflow/tfjs-core').Tensor;
type Method = (this: Tensor, ...args: never[]) => unknown;

const require = createRequire(import.meta.url);

/** The face-api build the check uses; it requires '@tensorflow/tfjs' and the WASM backend. */
export const FACE_API = '@vladmandic/face-api/dist/face-api.node-wasm.js';

// Tensor methods that tfjs-core's chained ops (4.x) define as `op(this, ...args)`; the union
// package registers them on import, the core's CommonJS build does not.
const CHAINED =
  'abs acos acosh add all any argMax argMin asin asinh atan atan2 atanh avgPool batchNorm batchToSpaceND broadcastTo ceil ' +
  'clipByValue conv1d conv2d conv2dTranspose cos cosh cumprod cumsum depthToSpace depthwiseConv2d dilation2d div divNoNan ' +
  'dot elu equal erf euclideanNorm exp expandDims expm1 fft floor floorDiv gather greater greaterEqual ifft irfft isFinite ' +
  'isInf isNaN leakyRelu less lessEqual localResponseNormalization log log1p logSigmoid logSoftmax logSumExp logicalAnd ' +
  'logicalNot logicalOr logicalXor matMul max maxPool maximum mean min minimum mirrorPad mod mul neg norm notEqual oneHot ' +
  'onesLike pad pool pow prelu prod reciprocal relu relu6 reshape reverse rfft round rsqrt selu separableConv2d sigmoid sign ' +
  'sin sinh slice softmax softplus spaceToBatchND split sqrt square squaredDifference squeeze step stridedSlice sub sum tan ' +
  'tanh tile topk transpose unique unsortedSegmentSum unstack zerosLike';

function chainedOps(tf: TfCore): Record<string, Method> {
  const ops = tf as unknown as Record<string, (...args: unknown[]) => unknown>;
  const out: Record<string, Method> = {};
  for (const name of CHAINED.split(' ')) {
    const op = ops[name]!;
    out[name] = function (...args) {
      return op(this, ...args);
    };
  }
  const list = (x: Tensor | Tensor[]) => (x instanceof tf.Tensor ? [x] : x);
  Object.assign(out, {
    as1D(this: Tensor) {
      return tf.reshape(this, [this.size]);
    },
    flatten(this: Tensor) {
      return tf.reshape(this, [this.size]);
    },
    as2D(this: Tensor, ...shape: number[]) {
      return tf.reshape(this, shape);
    },
    as3D(this: Tensor, ...shape: number[]) {
      return tf.reshape(this, shape);
    },
    as4D(this: Tensor, ...shape: number[]) {
      return tf.reshape(this, shape);
    },
    as5D(this: Tensor, ...shape: number[]) {
      return tf.reshape(this, shape);
    },
    asScalar(this: Tensor) {
      return tf.reshape(this, []);
    },
    reshapeAs(this: Tensor, x: Tensor) {
      return tf.reshape(this, x.shape);
    },
    asType(this: Tensor, dtype: 'float32' | 'int32' | 'bool') {
      return tf.cast(this, dtype);
    },
    toFloat(this: Tensor) {
      return tf.cast(this, 'float32');
    },
    toInt(this: Tensor) {
      return tf.cast(this, 'int32');
    },
    toBool(this: Tensor) {
      return tf.cast(this, 'bool');
    },
    concat(this: Tensor, x: Tensor | Tensor[], axis?: number) {
      return tf.concat([this, ...list(x)], axis);
    },
    stack(this: Tensor, x: Tensor | Tensor[], axis?: number) {
      return tf.stack([this, ...list(x)], axis);
    },
    where(this: Tensor, condition: Tensor, x: Tensor) {
      return tf.where(condition, this, x);
    },
    resizeBilinear(this: Tensor, ...args: never[]) {
      return (tf.image.resizeBilinear as (...a: unknown[]) => unknown)(this, ...args);
    },
    resizeNearestNeighbor(this: Tensor, ...args: never[]) {
      return (tf.image.resizeNearestNeighbor as (...a: unknown[]) => unknown)(this, ...args);
    },
  });
  return out;
}

/**
 * TensorFlow.js core only, the instance the WASM backend registers into, answered in this
 * thread for the name '@tensorflow/tfjs' before face-api is first required. face-api's
 * node-wasm build requires the whole union package (layers, data, converter, the CPU and
 * WebGL backends: some 45 MB of heap per thread) yet calls only core ops, `tf.io` and the
 * chained Tensor methods, which are added here. Nothing changes when the union package is
 * already loaded in the thread.
 */
export function loadTfCore(): TfCore {
  const tf = createRequire(require.resolve('@tensorflow/tfjs-backend-wasm'))('@tensorflow/tfjs-core') as TfCore;
  const id = createRequire(require.resolve(FACE_API)).resolve('@tensorflow/tfjs');
  if (require.cache[id]) return tf;
  const proto = tf.Tensor.prototype as unknown as Record<string, unknown>;
  for (const [name, fn] of Object.entries(chainedOps(tf))) {
    if (name in proto) continue;
    Object.defineProperty(proto, name, {
      value: function (this: Tensor, ...args: never[]) {
        this.throwIfDisposed();
        return fn.apply(this, args);
      },
      writable: true,
      configurable: true,
    });
  }
  const m = new Module(id);
  m.filename = id;
  m.exports = tf;
  m.loaded = true;
  require.cache[id] = m;
  return tf;
}

type KernelArgs = {
  inputs: Tensor[];
  backend: {
    typedArrayFromHeap(t: Tensor): Float32Array | Int32Array | Uint8Array;
    makeOutput(s: number[], d: string): Tensor;
  };
  attrs: { axis: number | number[] };
};

/**
 * The WASM runtime joins tensors in JavaScript, one `set` of a sub-array per run of the last
 * axes: joined on the last axis (face-api builds each net's mean colour so, three planes of
 * one value each) that is one call per number, 67,500 for the descriptor's 150 x 150 input.
 * This replaces the runtime's Concat for joins of numeric tensors whose runs are that short
 * with a plain copy loop (the same numbers in the same places); everything else keeps its kernel.
 */
export function useFastConcat(tf: TfCore): void {
  const original = tf.getKernel('Concat', 'wasm');
  if (!original || (original as { fast?: boolean }).fast) return;
  const kernelFunc = (args: KernelArgs) => {
    const { inputs, backend } = args;
    const rank = inputs[0]!.shape.length;
    const axis = tf.util.parseAxisParam(args.attrs.axis, inputs[0]!.shape)[0]!;
    const inner = inputs.map((t) => tf.util.sizeFromShape(t.shape.slice(axis)));
    const numeric = inputs.every(
      (t) => t.dtype === inputs[0]!.dtype && t.dtype !== 'string' && t.shape.length === rank,
    );
    if (!numeric || inputs.length < 2 || Math.max(...inner) > 8 || inputs.some((t) => t.size === 0)) {
      return (original.kernelFunc as unknown as (a: KernelArgs) => Tensor)(args);
    }
    const outShape = tf.backend_util.computeOutShape(
      inputs.map((t) => t.shape),
      axis,
    );
    const out = backend.makeOutput(outShape, inputs[0]!.dtype);
    const dst = backend.typedArrayFromHeap(out);
    const srcs = inputs.map((t) => backend.typedArrayFromHeap(t));
    const outer = tf.util.sizeFromShape(inputs[0]!.shape.slice(0, axis));
    let o = 0;
    for (let b = 0; b < outer; b++) {
      for (let i = 0; i < srcs.length; i++) {
        const src = srcs[i]!;
        const n = inner[i]!;
        for (let k = b * n, end = k + n; k < end; k++) dst[o++] = src[k]!;
      }
    }
    return out;
  };
  tf.unregisterKernel('Concat', 'wasm');
  tf.registerKernel({ ...original, kernelFunc: kernelFunc as never, fast: true } as never);
}
