import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** Codes of the answer envelope (see ARCHITECTURE.md, "Request path"). 0 is the older calls' success. */
export const CODE = {
  OK: 200,
  OK_LEGACY: 0,
  NOT_LOGGED_IN: 700,
} as const;

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  timestamp: number;
  sign: string;
}

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/**
 * sign = sha256(code + timestamp + secret). The secret ships in the web bundle:
 * this detects a proxy rewriting answers, it is not a security boundary.
 */
export function responseSign(code: number, timestamp: number, secret: string): string {
  return sha256Hex(`${code}${timestamp}${secret}`);
}

export function isSuccessCode(code: number): boolean {
  return code === CODE.OK || code === CODE.OK_LEGACY;
}

/** Signed POST body: object = base64(JSON payload), sign = sha256(object + randomKey). */
export interface SignedBody {
  object: string;
  sign: string;
}

export function bodySign(object: string, randomKey: string): string {
  return sha256Hex(object + randomKey);
}

/** UTF-8 safe base64 that works the same in the browser and in Node. */
export function base64EncodeUtf8(text: string): string {
  const bytes = utf8ToBytes(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

export function base64DecodeUtf8(b64: string): string {
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

export function signBody(payload: unknown, randomKey: string): SignedBody {
  const object = base64EncodeUtf8(JSON.stringify(payload ?? {}));
  return { object, sign: bodySign(object, randomKey) };
}
