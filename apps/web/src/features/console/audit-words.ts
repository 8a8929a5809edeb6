import { yuanLabel } from '@portal/contract/prices';
import type { TFunction } from 'i18next';
import { ORDER_STATE_TEXT, type OrderState } from '@portal/contract/order-states';
import { REFUND_STATUS_TEXT } from '@portal/contract/payments';
import { pick } from '../../lib/i18n.ts';

/** A stored key in words, or the key itself when the console has no word for it yet. */
const word = (t: TFunction, key: string, fallback: string, vars: Record<string, string> = {}) =>
  t(key, { defaultValue: fallback, ...vars });

/** An audit action (`order.deliver`, `content.notices.update`) in words. */
export function actionText(t: TFunction, action: string): string {
  const content = /^content\.(\w+)\.(create|update|delete)$/.exec(action);
  if (content)
    return word(t, `console.act.content.${content[2]}`, action, {
      type: word(t, `console.content.${content[1]}`, content[1]!),
    });
  return word(t, `console.act.${action}`, action);
}

export function targetText(t: TFunction, kind: string | null, id: string | null): string {
  if (!kind) return '';
  const name = word(t, `console.target.${kind}`, word(t, `console.content.${kind}`, kind));
  return id ? `${name} ${id}` : name;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const BOOKKEEPING = new Set(['createdAt', 'updatedAt', 'id']);

function valueText(t: TFunction, field: string, v: unknown, kind?: string | null): string {
  if (v === null || v === undefined || v === '') return t('console.diff.empty');
  if (typeof v === 'boolean') return v ? t('console.yes') : t('console.no');
  // A refund's status and a binding's state have their own words; other states are an order's.
  if (kind === 'refund' && field === 'status' && typeof v === 'number' && REFUND_STATUS_TEXT[v])
    return pick(REFUND_STATUS_TEXT[v]);
  if (kind === 'binding' && field === 'state' && typeof v === 'number')
    return word(t, `console.value.bindingState.${v}`, String(v));
  if (field === 'state' && kind !== 'binding' && typeof v === 'number' && ORDER_STATE_TEXT[v as OrderState])
    return pick(ORDER_STATE_TEXT[v as OrderState]);
  // Stored codes of a few fields (where a refund's answer came from, how an order shipped).
  if ((field === 'source' || field === 'origin' || field === 'by') && typeof v === 'string')
    return word(t, `console.value.${field}.${v}`, v);
  if ((field === 'amountFen' || field === 'priceFen') && typeof v === 'number') return yuanLabel(v);
  if (Array.isArray(v)) return v.map((x) => valueText(t, field, x, kind)).join(t('console.review.listSep'));
  if (typeof v === 'object') return JSON.stringify(v);
  const s = String(v);
  if (ISO.test(s)) return new Date(s).toLocaleString('zh-CN', { hour12: false });
  // HTML bodies read as their text; long ones are cut (the full text is in the content itself).
  const text = s
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/**
 * Before and after as lines "field: before → after", only the fields that changed (or were set);
 * `kind` is the entry's target kind (a refund's status, a binding's state read as their words).
 */
export function diffLines(t: TFunction, before: unknown, after: unknown, kind?: string | null): string[] {
  const b = before && typeof before === 'object' ? (before as Record<string, unknown>) : {};
  const a = after && typeof after === 'object' ? (after as Record<string, unknown>) : {};
  const out: string[] = [];
  for (const k of [...new Set([...Object.keys(b), ...Object.keys(a)])]) {
    // Bookkeeping columns change with every save: not a change anyone made.
    if (BOOKKEEPING.has(k) || JSON.stringify(b[k] ?? null) === JSON.stringify(a[k] ?? null)) continue;
    const label = word(t, `console.field.${k}`, k);
    // A creation shows what was set, a deletion what was there; a change both sides.
    if (before === null || before === undefined) out.push(`${label}: ${valueText(t, k, a[k], kind)}`);
    else if (after === null || after === undefined) out.push(`${label}: ${valueText(t, k, b[k], kind)}`);
    else out.push(`${label}: ${valueText(t, k, b[k], kind)} → ${valueText(t, k, a[k], kind)}`);
  }
  return out;
}

/** A national export's scope in words: school code and dates, or "all". */
export function scopeText(t: TFunction, scope: Record<string, string> | null | undefined): string {
  const parts = Object.entries(scope ?? {})
    .filter(([, v]) => v)
    .map(([k, v]) => `${word(t, `console.field.${k}`, k)}: ${v}`);
  return parts.length ? parts.join(' · ') : t('console.diff.all');
}

export const providerText = (t: TFunction, p: string) => word(t, `console.pay.provider.${p}`, p);
export const payStateText = (t: TFunction, s: string) => word(t, `console.pay.state.${s}`, s);
