import { useCallback, useState } from 'react';
import { Card, Steps } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { PILOT_QR_EDUCATIONS, QR_EDUCATION_LEVEL, type SchoolSuggestion } from '@portal/contract/orders';
import { addPerson, createOrder, idFromSearch, orderKeys } from '../api.ts';
import { TipsStep } from '../components/tips-step.tsx';
import { PilotStep } from '../components/pilot-step.tsx';
import { QrStep, type ScannedPerson } from '../components/qr-step.tsx';
import { PersonForm, type PersonValues } from '../components/person-form.tsx';

type Step = 'tips' | 'school' | 'qr' | 'form';

/** /home/submitPhoto/uploadPhoto (?id for an existing order): tips, pilot school, QR or manual form. */
export default function UploadPhotoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [search] = useSearchParams();
  const orderId = idFromSearch(search);
  const [step, setStep] = useState<Step>('tips');
  const [school, setSchool] = useState<SchoolSuggestion | null>(null);
  const [education, setEducation] = useState<number | undefined>();
  const [scanned, setScanned] = useState<ScannedPerson | null>(null);

  const onScanned = useCallback((p: ScannedPerson) => {
    setScanned(p);
    setStep('form');
  }, []);

  const save = async (v: PersonValues) => {
    const body = { ...v, bizSerialNum: v.bizSerialNum || undefined };
    const id = orderId ? (await addPerson({ ...body, order_id: orderId }), orderId) : await createOrder(body);
    await qc.invalidateQueries({ queryKey: orderKeys.order(id) });
    navigate(`/home/submitPhoto/orderInfo?id=${id}`);
  };

  const current = { tips: 0, school: 1, qr: 2, form: 3 }[step];
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
          { title: t('orders.step.qr') },
          { title: t('orders.step.form') },
        ]}
      />
      {step === 'tips' && <TipsStep onNext={() => setStep('school')} />}
      {step === 'school' && (
        <PilotStep
          onConfirm={(s, e) => {
            setSchool(s);
            setEducation(e);
            setScanned(null);
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
          onSubmit={save}
          onBack={() => setStep('school')}
        />
      )}
    </Card>
  );
}
