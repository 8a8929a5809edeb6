/** An RGB frame (3 bytes a pixel, rows top to bottom). */
export interface Frame {
  data: Uint8Array;
  width: number;
  height: number;
}
