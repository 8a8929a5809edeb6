import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PILOT_QR_EDUCATIONS } from '@portal/contract/orders';
import { addLocales } from '../../../lib/i18n-core.ts';
import ordersWords from '../../../locales/orders.ts';
import phoneOrderWords from '../../../locales/phone-order.ts';
import { loadDraft, saveDraft, stepOf, STEPS, type PhoneDraft, type Step } from './draft.ts';
import { TipsStep } from './tips-step.tsx';
import { SchoolStep, QrStep } from './school-step.tsx';
import { PersonStep } from './person-step.tsx';
import { PersonsStep } from './persons-step.tsx';
import { EditPersonStep } from './edit-person-step.tsx';
import { ShippingStep } from './shipping-step.tsx';
import { ConfirmStep } from './confirm-step.tsx';
import './new-order.css';

// The desktop wizard's words (tips, consent, form, shipping) and the phone wizard's own: loaded with this screen only.
addLocales(ordersWords, phoneOrderWords);

/**
 * /phoneModify/new: the individual order wizard on a phone. The step (and, once created, the
 * order) is in the address, so Back moves between steps; what is typed is kept in session storage
 * (never the ID number), so a reload or an app switch loses nothing.
 */
export default function PhoneNewOrderPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const [draft, setDraft] = useState<PhoneDraft>(loadDraft);
  const orderId = Number(search.get('id') ?? 0) || draft.orderId || 0;
  const asked = stepOf(search.get('step'));
  const detailId = Number(search.get('detail') ?? 0) || 0;
  // A step that needs an earlier choice falls back to where that choice is made.
  const step: Step =
    (asked === 'qr' || asked === 'form') && !draft.school
      ? 'school'
      : ['persons', 'edit', 'shipping', 'confirm'].includes(asked) && !orderId
        ? 'tips'
        : asked === 'edit' && !detailId
          ? 'persons'
          : asked;

  // The person being edited is named in the address (its line id, never its details); other steps drop it.
  const go = useCallback(
    (s: Step, id?: number, detail?: number) =>
      setSearch((p) => {
        const n = new URLSearchParams(p);
        n.set('step', s);
        if (id) n.set('id', String(id));
        if (detail) n.set('detail', String(detail));
        else n.delete('detail');
        return n;
      }),
    [setSearch],
  );
  const update = (d: Partial<PhoneDraft>) =>
    setDraft((old) => {
      const next = { ...old, ...d };
      saveDraft(next);
      return next;
    });

  // The national app's step counts only for a pilot school's app-collected level.
  const pilot =
    draft.school?.testPoint === 1 && (PILOT_QR_EDUCATIONS as readonly number[]).includes(draft.education ?? 0);
  const shown = STEPS.filter((s) => s !== 'edit' && (s !== 'qr' || pilot || step === 'qr'));
  // Editing a person is a detour from the persons step: counted as that step.
  const at = step === 'edit' ? 'persons' : step;
  return (
    <>
      <h1 className="phone-title">{t('phone.new.title')}</h1>
      <p className="phone-muted new-order-progress" aria-live="polite">
        {t('phone.new.stepOf', { n: shown.indexOf(at) + 1, total: shown.length })} · {t(`phone.new.step.${step}`)}
      </p>
      {step === 'tips' && <TipsStep onNext={() => go('school')} />}
      {step === 'school' && (
        <SchoolStep
          initial={draft}
          onConfirm={(school, education, pilot) => {
            update({ school, education });
            go(pilot ? 'qr' : 'form');
          }}
        />
      )}
      {step === 'qr' && <QrStep onManual={() => go('form')} />}
      {step === 'form' && draft.school && (
        <PersonStep
          school={draft.school}
          education={draft.education}
          orderId={orderId}
          values={draft.values}
          onChange={(values) => update({ values })}
          onSaved={(id) => {
            update({ values: {}, orderId: id });
            go('persons', id);
          }}
        />
      )}
      {step === 'persons' && (
        <PersonsStep
          orderId={orderId}
          onAdd={() => go('form')}
          onEdit={(detail) => go('edit', undefined, detail)}
          onNext={() => go('shipping')}
        />
      )}
      {step === 'edit' && (
        <EditPersonStep
          orderId={orderId}
          detailId={detailId}
          values={draft.edit}
          onChange={(edit) => update({ edit })}
          onDone={() => {
            update({ edit: undefined });
            go('persons');
          }}
        />
      )}
      {step === 'shipping' && <ShippingStep orderId={orderId} onDone={() => go('confirm')} />}
      {step === 'confirm' && <ConfirmStep orderId={orderId} onBack={() => go('shipping')} />}
    </>
  );
}
