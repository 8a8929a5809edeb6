/**
 * The face detector's score bars, shared by the check (face-model.ts, in Node) and the camera
 * capture's live guidance (in the browser), so both count faces alike.
 */
/** A face at this detector score is a face (the score the check has always used). */
export const STRONG_SCORE = 0.4;
/** The detector runs at this lower bar; what scores between the two is kept only as a possible second face. */
export const LOW_SCORE = 0.2;
export const SECOND_SCORE = 0.25;
/** A second face narrower than this (px on the 480 x 640 frame) is taken for noise. */
export const MIN_SECOND_FACE = 40;
/** The tiny detector's input square (see face-model.ts). */
export const TINY_INPUT = 320;
