import type { SchoolSuggestion } from '@portal/contract/orders';
import type { PersonValues } from './person-form.tsx';

/** The unfinished submission wizard, kept in session storage so a reload or Back loses nothing. */
export interface WizardDraft {
  school: SchoolSuggestion | null;
  education?: number;
  values: Partial<PersonValues>;
}

export const WIZARD_STEPS = ['tips', 'school', 'qr', 'form'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** The step named in the address; anything else is the first step. */
export const stepOf = (v: string | null): WizardStep =>
  (WIZARD_STEPS as readonly string[]).includes(v ?? '') ? (v as WizardStep) : 'tips';

const keyOf = (orderId?: number) => `orders.wizard.${orderId ?? 'new'}`;

/** Never kept: the ID number (not in clear, not anywhere in the browser's storage) and the national serial. */
const NOT_KEPT = ['id_num', 'bizSerialNum'] as const;

export function saveDraft(orderId: number | undefined, d: WizardDraft): void {
  const values = { ...d.values };
  for (const k of NOT_KEPT) delete values[k];
  sessionStorage.setItem(keyOf(orderId), JSON.stringify({ ...d, values }));
}

export function loadDraft(orderId?: number): WizardDraft | null {
  try {
    const raw = sessionStorage.getItem(keyOf(orderId));
    return raw ? (JSON.parse(raw) as WizardDraft) : null;
  } catch {
    return null;
  }
}

export const clearDraft = (orderId?: number) => sessionStorage.removeItem(keyOf(orderId));
