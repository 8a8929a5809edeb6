import type { SchoolSuggestion } from '@portal/contract/orders';
import { getSession } from '../../../lib/session.ts';

/** The person form as the phone keeps it while typing (strings and numbers as the controls give them). */
export interface PersonDraft {
  name?: string;
  mobile?: string;
  mail?: string;
  imageUrl?: string;
  id_type?: number;
  id_num?: string;
  sex?: number;
  school_type?: number;
  education?: number;
  student_id?: string;
  major?: string;
}

/** The unfinished phone wizard, kept in session storage so a reload or an app switch loses nothing. */
export interface PhoneDraft {
  school: SchoolSuggestion | null;
  education?: number;
  values: PersonDraft;
  /** The order once the first person is saved: Back to the form then adds to it, never a second order. */
  orderId?: number;
  /** A saved person being edited (its line id) and what was changed so far: mobile, e-mail, photo. */
  edit?: EditDraft;
}

/** The fields a saved person may change (the desktop's modify rule): the rest stays as saved. */
export interface EditDraft {
  id: number;
  mobile: string;
  mail: string;
  imageUrl: string;
}

/** `edit` is a detour from `persons` (one saved person, named by `detail` in the address), not a step of its own. */
export const STEPS = ['tips', 'school', 'qr', 'form', 'persons', 'edit', 'shipping', 'confirm'] as const;
export type Step = (typeof STEPS)[number];

/** The step named in the address; anything else is the first step. */
export const stepOf = (v: string | null): Step =>
  (STEPS as readonly string[]).includes(v ?? '') ? (v as Step) : 'tips';

/** One draft per member: another member logging in on the same phone never sees it. */
const key = () => `phone.newOrder.${getSession('memberId') ?? ''}`;

/** Never kept: the ID number (not in clear, not anywhere in the browser's storage). */
export function saveDraft(d: PhoneDraft): void {
  const { id_num: _never, ...values } = d.values;
  sessionStorage.setItem(key(), JSON.stringify({ ...d, values }));
}

export function loadDraft(): PhoneDraft {
  try {
    const raw = sessionStorage.getItem(key());
    if (raw) return JSON.parse(raw) as PhoneDraft;
  } catch {
    // a broken entry starts afresh
  }
  return { school: null, values: {} };
}

export const clearDraft = () => sessionStorage.removeItem(key());
