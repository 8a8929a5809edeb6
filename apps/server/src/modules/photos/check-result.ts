import type { PhotoCheck, SideItem } from '@portal/contract/photos';

/** The check object and its items live in the contract, shared with the page that shows them. */
export type { PhotoCheck, SideItem };

/** What the face model found on the 480 x 640 frame. */
export interface FaceFinding {
  /** Number of faces found; anything but 1 is a clear failure. */
  count: number;
  /** The 68 landmarks of the single face (empty unless count is 1). */
  landmarks: { x: number; y: number }[];
}

/** True when every item of the check passes. */
export function checkPasses(c: Omit<PhotoCheck, 'picPath'>): boolean {
  const sides = [c.topSide, c.eyeSide, c.leftSide, c.rightSide, c.chinSide].every((s) => s.result);
  return (
    sides &&
    Math.abs(c.eyeAngle.angle) <= c.eyeAngle.config_angle &&
    c.definition &&
    c.blackSide &&
    c.background &&
    c.backgroundout &&
    c.topComplete
  );
}
