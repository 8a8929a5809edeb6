/** Prices in fen (1 yuan = 100 fen). Document 2, sections 1 and 9. */
export const PERSON_PRICE_FEN = 4500;
/** Price type 3 is the 45-yuan tier; 15 and 35 exist but are not offered. */
export const PRICE_TYPE = 3;
export const PRICE_TIERS_FEN: Record<number, number> = { 1: 1500, 2: 3500, 3: 4500 };
export const MAX_PERSONS_PER_ORDER = 30;

export const REPRINT_SHEET_FEN = 1000;
export const REPRINT_POSTAGE_FEN = 2000;
export const REPRINT_DISC_FEN = 1000;
export const REPRINT_MIN_QTY = 1;
export const REPRINT_MAX_QTY = 100;

export function individualTotalFen(persons: number, priceType = PRICE_TYPE): number {
  return persons * (PRICE_TIERS_FEN[priceType] ?? PERSON_PRICE_FEN);
}

/**
 * Reprint total: 10 x count + 20 postage (+10 with the disc). A zero count shows 0,
 * or 30 with the disc as the document notes (postage + disc, nothing printed).
 */
export function reprintTotalFen(count: number, disc: boolean): number {
  if (count <= 0) return disc ? REPRINT_POSTAGE_FEN + REPRINT_DISC_FEN : 0;
  return REPRINT_SHEET_FEN * count + REPRINT_POSTAGE_FEN + (disc ? REPRINT_DISC_FEN : 0);
}

/** Fen to the '45.00' string the pages show (and '0.0' style amounts compare as zero). */
export function fenToYuan(fen: number): string {
  return (fen / 100).toFixed(2);
}

/** The amount as people read it: '¥45.00'. The one money formatter of the server and the pages. */
export function yuanLabel(fen: number): string {
  return `¥${fenToYuan(fen)}`;
}
