/**
 * The person mask's grid and its lookup, apart from the model that makes it (person-mask.ts reads
 * files from disk): the measures run in the browser too, where the camera capture's live guidance
 * feeds them a mask drawn from the face's landmarks.
 */

/** A person mask on a coarse grid: 1 where the model sees the person (hair and shoulders included). */
export interface PersonMask {
  data: Float32Array;
  width: number;
  height: number;
}

/** The mask's value at a pixel of the width x height frame (nearest cell). */
export function maskAt(m: PersonMask, x: number, y: number, width: number, height: number): number {
  const mx = Math.min(m.width - 1, Math.max(0, Math.floor((x / width) * m.width)));
  const my = Math.min(m.height - 1, Math.max(0, Math.floor((y / height) * m.height)));
  return m.data[my * m.width + mx]!;
}
