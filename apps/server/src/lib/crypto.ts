import crypto from 'node:crypto';

/** 256 random bits, hex: session tokens, random keys, storage keys. */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('hex');
}

export function sha256(text: string | Buffer): string {
  // The one-shot hash makes no Hash object: every member request hashes its token once.
  return crypto.hash('sha256', text, 'hex');
}

/** A random decimal code from the CSPRNG (SMS and e-mail codes). */
export function randomDigits(n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += crypto.randomInt(0, 10).toString();
  return s;
}

export function timingSafeEqualHex(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'utf8');
  const bb = Buffer.from(b, 'utf8');
  return ba.length === bb.length && crypto.timingSafeEqual(ba, bb);
}
