import type { MessageKey } from '@portal/contract/messages';

/**
 * A failure the user sees. `key` is a message key translated for the caller;
 * `status` is both the HTTP status and the envelope code (700 travels as HTTP 401).
 */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly key: MessageKey | null,
    public readonly params: Record<string, string | number> = {},
    /** Extra data for the envelope (e.g. the photo check object). */
    public readonly data: unknown = null,
    /** A literal message when no key fits (already in the caller's language). */
    public readonly text?: string,
  ) {
    super(key ?? text ?? `error ${status}`);
  }
}

export const badRequest = (key: MessageKey, params?: Record<string, string | number>, data?: unknown) =>
  new AppError(400, key, params, data);
export const forbidden = (key: MessageKey = 'http.forbidden') => new AppError(403, key);
export const notFound = (key: MessageKey = 'http.notFound') => new AppError(404, key);
export const conflict = (key: MessageKey = 'http.conflict', params?: Record<string, string | number>) =>
  new AppError(409, key, params);
export const tooMany = (key: MessageKey = 'http.tooMany', params?: Record<string, string | number>) =>
  new AppError(429, key, params);
export const notLoggedIn = (key: MessageKey = 'http.notLoggedIn') => new AppError(700, key);
/** An answer with a custom code (e.g. matchStudent's 201/202, the photo check's -1). */
export const withCode = (code: number, key: MessageKey | null, data: unknown = null, text?: string) =>
  new AppError(code, key, {}, data, text);
