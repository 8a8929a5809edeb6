/**
 * The tracking-number format of each carrier, in one place: the console's ship form shows it and
 * the server refuses a number that does not fit (single ship, bulk ship). A carrier is found by a
 * word of its Chinese or English name; a carrier not listed takes the general rule.
 */
export interface WaybillRule {
  /** Matches the carrier's name as staff or members wrote it. */
  carrier: RegExp;
  pattern: RegExp;
  /** The format in words, for the message naming the field. */
  format: { zh: string; en: string };
}

export const WAYBILL_RULES: WaybillRule[] = [
  {
    carrier: /ems|邮政特快|中国邮政速递/i,
    pattern: /^(\d{13}|[A-Z]{2}\d{9}[A-Z]{2})$/,
    format: { zh: '13位数字，或2位字母+9位数字+2位字母', en: '13 digits, or 2 letters + 9 digits + 2 letters' },
  },
  {
    carrier: /顺丰|\bsf\b/i,
    pattern: /^(SF\d{12,13}|\d{12})$/,
    format: { zh: 'SF+12或13位数字，或12位数字', en: 'SF + 12 or 13 digits, or 12 digits' },
  },
  { carrier: /中通|zto/i, pattern: /^\d{12,15}$/, format: { zh: '12-15位数字', en: '12 to 15 digits' } },
  {
    carrier: /圆通|yto/i,
    pattern: /^YT\d{13}$/,
    format: { zh: 'YT+13位数字', en: 'YT + 13 digits' },
  },
  { carrier: /申通|sto\b/i, pattern: /^\d{12,15}$/, format: { zh: '12-15位数字', en: '12 to 15 digits' } },
  { carrier: /韵达|yunda/i, pattern: /^\d{13,15}$/, format: { zh: '13-15位数字', en: '13 to 15 digits' } },
  {
    carrier: /京东|\bjd\b/i,
    pattern: /^JD[A-Z0-9]{11,16}$/,
    format: { zh: 'JD+11-16位字母或数字', en: 'JD + 11 to 16 letters or digits' },
  },
  {
    carrier: /极兔|j&t|jtexpress/i,
    pattern: /^JT\d{13}$/,
    format: { zh: 'JT+13位数字', en: 'JT + 13 digits' },
  },
  {
    carrier: /德邦|deppon/i,
    pattern: /^(DPK\d{12}|\d{8,12})$/,
    format: { zh: 'DPK+12位数字，或8-12位数字', en: 'DPK + 12 digits, or 8 to 12 digits' },
  },
  {
    carrier: /邮政|china post/i,
    pattern: /^(\d{13}|[A-Z]{2}\d{9}[A-Z]{2})$/,
    format: { zh: '13位数字，或2位字母+9位数字+2位字母', en: '13 digits, or 2 letters + 9 digits + 2 letters' },
  },
];

/** Any other carrier: 8 to 30 letters or digits (no carrier's number is shorter). */
export const GENERAL_WAYBILL_RULE: Omit<WaybillRule, 'carrier'> = {
  pattern: /^[A-Z0-9]{8,30}$/,
  format: { zh: '8-30位字母或数字', en: '8 to 30 letters or digits' },
};

export function waybillRuleFor(carrierName: string | null | undefined): Omit<WaybillRule, 'carrier'> {
  const name = carrierName ?? '';
  return WAYBILL_RULES.find((r) => r.carrier.test(name)) ?? GENERAL_WAYBILL_RULE;
}

/** The number as stored: trimmed, upper case. */
export const normaliseWaybill = (no: string) => no.trim().toUpperCase();

/** Null when the number fits the carrier's format; else the rule it breaks. */
export function waybillProblem(carrierName: string | null | undefined, no: string) {
  const rule = waybillRuleFor(carrierName);
  return rule.pattern.test(normaliseWaybill(no)) ? null : rule;
}
