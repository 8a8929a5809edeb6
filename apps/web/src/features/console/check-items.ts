/** The items of a photo-check object that failed (the dashboard's rule on the server, mirrored). */
export function failedItems(check: unknown): string[] {
  if (!check || typeof check !== 'object') return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(check as Record<string, unknown>)) {
    // The face comparison with the member's earlier photos: true is the failure, its distance no item.
    if (k === 'faceMismatch') {
      if (v === true) out.push(k);
      continue;
    }
    if (k === 'faceDistanceMax') continue;
    if (v === false || v === 0) out.push(k);
    else if (v && typeof v === 'object' && 'result' in v && (v as { result: unknown }).result === false) out.push(k);
  }
  return out;
}
