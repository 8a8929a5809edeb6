type Pt = { x: number; y: number };

/** Roll of the eye line from the 68 landmarks, radians (positive: the right eye lower). */
export function rollOf(lm: Pt[]): { angle: number; centre: Pt } {
  const m = (ps: Pt[]) => ({
    x: ps.reduce((s, p) => s + p.x, 0) / ps.length,
    y: ps.reduce((s, p) => s + p.y, 0) / ps.length,
  });
  const l = m(lm.slice(36, 42));
  const r = m(lm.slice(42, 48));
  return { angle: Math.atan2(r.y - l.y, r.x - l.x), centre: { x: (l.x + r.x) / 2, y: (l.y + r.y) / 2 } };
}

/**
 * The frame turned about the eyes' middle so that the eye line is level (bilinear; outside the
 * frame the nearest edge pixel), and the map of a point on it back to the frame. The landmark net
 * draws a rolled face's eyes and mouth poorly: on the levelled frame they are measured as the
 * face holds them.
 */
export function levelFrame(rgb: Uint8Array, width: number, height: number, centre: Pt, angle: number) {
  const out = new Uint8Array(rgb.length);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  // Output (levelled) pixel p -> source q = C + R(angle) (p - C).
  for (let v = 0; v < height; v++) {
    const dy = v - centre.y;
    for (let u = 0; u < width; u++) {
      const dx = u - centre.x;
      const sx = Math.min(width - 1.001, Math.max(0, centre.x + cos * dx - sin * dy));
      const sy = Math.min(height - 1.001, Math.max(0, centre.y + sin * dx + cos * dy));
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const i00 = (y0 * width + x0) * 3;
      const i10 = i00 + 3;
      const i01 = i00 + width * 3;
      const i11 = i01 + 3;
      const o = (v * width + u) * 3;
      for (let c = 0; c < 3; c++) {
        const top = rgb[i00 + c]! + (rgb[i10 + c]! - rgb[i00 + c]!) * fx;
        const bottom = rgb[i01 + c]! + (rgb[i11 + c]! - rgb[i01 + c]!) * fx;
        out[o + c] = Math.round(top + (bottom - top) * fy);
      }
    }
  }
  const back = (p: Pt): Pt => ({
    x: centre.x + cos * (p.x - centre.x) - sin * (p.y - centre.y),
    y: centre.y + sin * (p.x - centre.x) + cos * (p.y - centre.y),
  });
  return { rgb: out, back };
}
