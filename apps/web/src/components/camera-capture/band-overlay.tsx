import { DEFAULT_BOUNDS as B } from '@portal/photo-check/bounds';

/**
 * The standard's bands over the preview, drawn in the 480 x 640 photo's own units (the preview
 * shows exactly the photo's part, so the SVG's viewBox maps them): head top (orange), eye line
 * (blue), the face's sides (green, face width 180-300 px centred).
 */
export function BandOverlay() {
  const w = B.width;
  const h = B.height;
  return (
    <svg className="cam-bands" viewBox={`0 0 ${w} ${h}`} preserveAspectRatio="none" aria-hidden="true">
      <rect x={0} y={B.topSide.min} width={w} height={B.topSide.max - B.topSide.min} fill="rgba(250,140,22,0.28)" />
      <rect x={0} y={B.eyeSide.min} width={w} height={B.eyeSide.max - B.eyeSide.min} fill="rgba(22,119,255,0.22)" />
      <rect x={B.leftSide.min} y={0} width={B.leftSide.max - B.leftSide.min} height={h} fill="rgba(82,196,26,0.2)" />
      <rect
        x={w - B.rightSide.max}
        y={0}
        width={B.rightSide.max - B.rightSide.min}
        height={h}
        fill="rgba(82,196,26,0.2)"
      />
    </svg>
  );
}
