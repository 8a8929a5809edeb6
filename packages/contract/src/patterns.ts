/**
 * The validation patterns (document 1, section 5), apart from the zod schemas in validation.ts
 * so that a page needing only a pattern (the phone portal's login) does not load zod.
 */
export const PATTERNS = {
  mobile: /^1\d{10}$/,
  /** Centralised form: 1, then 3-9, then 9 digits. */
  taskMobile: /^1[3-9]\d{9}$/,
  smsCode: /^\d{6}$/,
  imageCode: /^[A-Za-z0-9]{4}$/,
  /** CJK or Latin letters; groups separated by the middle dot (or one space in Latin names). */
  name: /^[\p{Script=Han}A-Za-z]+(?:[·•.\s][\p{Script=Han}A-Za-z]+)*$/u,
  idCard: /^[1-9]\d{5}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx]$/,
  mail: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/,
  studentId: /^[A-Za-z0-9]{1,18}$/,
  /**
   * Collection entry: a student number as schools issue them (4 to 20 letters or digits,
   * e.g. 12 digits) or an ID number (15 or 18 digits, or 17 digits and X, which this covers).
   */
  collectionNumber: /^[A-Za-z0-9]{4,20}$/,
  /** Optional 3-4 digit area code and hyphen, then 7-8 digits. */
  landline: /^(?:0\d{2,3}-)?\d{7,8}$/,
  major: /^[\p{Script=Han}A-Za-z0-9()（）·\s-]{1,50}$/u,
  yxdm: /^\d{5}$/,
} as const;
