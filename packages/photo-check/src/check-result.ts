import { EXTRA_ITEMS, type PhotoCheck, type SideItem } from '@portal/contract/photos';

/** The check object and its items live in the contract, shared with the page that shows them. */
export type { PhotoCheck, SideItem };

/** What the face model found on the 480 x 640 frame. */
export interface FaceFinding {
  /** Number of faces found; anything but 1 is a clear failure. */
  count: number;
  /** The 68 landmarks of the single face (empty unless count is 1). */
  landmarks: { x: number; y: number }[];
  /** Other, weaker detections (a partly hidden or small second face): box and score. */
  others?: { x: number; y: number; width: number; height: number; score: number }[];
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
    c.topComplete &&
    EXTRA_ITEMS.every((k) => c[k]?.result !== false)
  );
}

/** The names of the items that fail, in the document's order, then the added items. */
export function failingItems(c: Omit<PhotoCheck, 'picPath'>): string[] {
  const out: string[] = [];
  for (const k of ['topSide', 'eyeSide', 'leftSide', 'rightSide', 'chinSide'] as const) if (!c[k].result) out.push(k);
  if (Math.abs(c.eyeAngle.angle) > c.eyeAngle.config_angle) out.push('eyeAngle');
  for (const k of ['definition', 'blackSide', 'background', 'backgroundout', 'topComplete'] as const)
    if (!c[k]) out.push(k);
  for (const k of EXTRA_ITEMS) if (c[k]?.result === false) out.push(k);
  return out;
}
