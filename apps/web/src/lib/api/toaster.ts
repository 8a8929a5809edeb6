import type { ReactNode } from 'react';

/**
 * Where the API core shows its red toast. The desktop portal and the console register antd's
 * message (antd-toaster.ts, through app/providers.tsx); the phone portal registers its own, so
 * the phone's first load does not carry antd.
 */
export type Toaster = (content: ReactNode, seconds: number) => void;

let current: Toaster = () => {};

export function setToaster(fn: Toaster): void {
  current = fn;
}

export function showToast(content: ReactNode, seconds: number): void {
  current(content, seconds);
}
