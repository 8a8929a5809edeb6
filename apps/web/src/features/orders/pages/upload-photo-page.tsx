import { useCallback, useEffect, useRef, useState } from 'react';
import { Card, Modal, Steps } from 'antd';
import { useBlocker, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { PILOT_QR_EDUCATIONS, QR_EDUCATION_LEVEL, type SchoolSuggestion } from '@portal/contract/orders';
import { addPerson, createOrder, idFromSearch, orderKeys } from '../api.ts';
import { TipsStep } from '../components/tips-step.tsx';
import { PilotStep } from '../components/pilot-step.tsx';
import { QrStep, type ScannedPerson } from '../components/qr-step.tsx';
import { PersonForm, type PersonValues } from '../components/person-form.tsx';
import { clearDraft, loadDraft, saveDraft, stepOf, type WizardStep } from '../components/wizard-draft.ts';

/** /home/submitPhoto/uploadPhoto (?id for an existing order): tips, pilot school, QR or manual form. */
export default function UploadPhotoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const orderId = idFromSearch(search) || undefined;
  // The unfinished wizard survives a reload (session storage, never the ID number); the step is in the address.
  const [draft] = useState(() => loadDraft(orderId));
  const [school, setSchool] = useState<SchoolSuggestion | null>(draft?.school ?? null);
  const [education, setEducation] = useState<number | undefined>(draft?.education);
  const [values, setValues] = useState<Partial<PersonValues>>(draft?.values ?? {});
  const [scanned, setScanned] = useState<ScannedPerson | null>(null);
  const asked = stepOf(search.get('step'));
  const step: WizardStep = asked === 'qr' && !education ? 'school' : asked;
  const setStep = useCallback(
    (s: WizardStep) =>
      setSearch((p) => {
        const n = new URLSearchParams(p);
        n.set('step', s);
        return n;
      }),
    [setSearch],
  );
  const dirty = useRef(!!draft);
  const touch = (d: { school?: SchoolSuggestion | null; education?: number; values?: Partial<PersonValues> }) => {
    dirty.current = true;
    saveDraft(orderId, { school, education, values, ...d });
  };
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    Modal.confirm({
      title: t('orders.wizard.leaveTitle'),
      content: t('orders.wizard.leaveBody'),
      okText: t('orders.wizard.leave'),
      cancelText: t('orders.wizard.stay'),
      onOk: () => {
        clearDraft(orderId);
        blocker.proceed();
      },
      onCancel: () => blocker.reset(),
    });
  }, [blocker, orderId, t]);
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (dirty.current) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  const onScanned = useCallback(
    (p: ScannedPerson) => {
      setScanned(p);
      setStep('form');
    },
    [setStep],
  );

  const save = async (v: PersonValues) => {
    const body = { ...v, bizSerialNum: v.bizSerialNum || undefined };
    const id = orderId ? (await addPerson({ ...body, order_id: orderId }), orderId) : await createOrder(body);
    dirty.current = false;
    clearDraft(orderId);
    await qc.invalidateQueries({ queryKey: orderKeys.order(id) });
    navigate(`/home/submitPhoto/orderInfo?id=${id}`);
  };

  const current = { tips: 0, school: 1, qr: 2, form: 3 }[step];
  // A school outside the pilot (or an education the app does not collect) goes straight to the form: the scan is skipped, not done.
  const qrSkipped =
    step === 'form' &&
    !scanned &&
    !(school?.testPoint === 1 && education && (PILOT_QR_EDUCATIONS as readonly number[]).includes(education));
  return (
    <Card>
      <h1 style={{ fontSize: 22 }}>{t('orders.wizard.title')}</h1>
      <Steps
        current={current}
        size="small"
        style={{ marginBottom: 24 }}
        items={[
          { title: t('orders.step.tips') },
          { title: t('orders.step.school') },
          qrSkipped
            ? { title: t('orders.step.qr'), status: 'wait' as const, subTitle: t('orders.step.skipped') }
            : { title: t('orders.step.qr') },
          { title: t('orders.step.form') },
        ]}
      />
      {step === 'tips' && <TipsStep onNext={() => setStep('school')} />}
      {step === 'school' && (
        <PilotStep
          initial={{ school, education }}
          onConfirm={(s, e) => {
            setSchool(s);
            setEducation(e);
            setScanned(null);
            touch({ school: s, education: e });
            setStep(s.testPoint === 1 && (PILOT_QR_EDUCATIONS as readonly number[]).includes(e) ? 'qr' : 'form');
          }}
        />
      )}
      {step === 'qr' && education && (
        <QrStep education={education} onScanned={onScanned} onManual={() => setStep('form')} />
      )}
      {step === 'form' && (
        <PersonForm
          key={scanned?.bizSerialNum ?? 'manual'}
          school={school ? { yxdm: school.yxdm, name: school.schoolname } : null}
          education={education ? (QR_EDUCATION_LEVEL[education] ?? education) : undefined}
          scanned={scanned}
          prefillMember={!orderId}
          initialValues={values}
          onValuesChange={(v) => {
            setValues(v);
            touch({ values: v });
          }}
          onSubmit={save}
          onBack={() => setStep('school')}
        />
      )}
    </Card>
  );
}
