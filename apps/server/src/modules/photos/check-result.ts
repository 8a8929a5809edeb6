/** One measured distance of the check, as document 2 section 3 names it. */
export interface SideItem {
  value: number;
  min: number;
  max: number;
  result: boolean;
}

/** The check object the upload answers with when a photo is rejected (document 2, section 3). */
export interface PhotoCheck {
  topSide: SideItem;
  eyeSide: SideItem;
  leftSide: SideItem;
  rightSide: SideItem;
  chinSide: SideItem;
  eyeAngle: { angle: number; config_angle: number };
  definition: boolean;
  blackSide: boolean;
  background: boolean;
  backgroundout: boolean;
  topComplete: boolean;
  picPath: string;
}

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
