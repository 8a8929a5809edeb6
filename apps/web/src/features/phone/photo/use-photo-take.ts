import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failingItems } from '@portal/contract/check-items';
import type { PhotoCandidate } from '@portal/contract/photos';
import { acceptCorrected, uploadPhoto } from '../api.ts';
import { toastFail, toastOk } from '../phone-toast.ts';
import { fileRuleError, toStandardJpeg } from '../orders/to-jpeg.ts';

/** A photo the check refused: its failing items, the message, the photo itself and a corrected one when the machine could. */
export type PhotoRefusal = { items: string[]; msg: string; src: string; candidate?: PhotoCandidate };

/**
 * The phone's one way to take a photo for the individual flow (the fix page and the new order's
 * person form): a chosen file checked against the file rules, or a live capture with its token;
 * uploaded, and either accepted (its URL) or refused with the check's items and a corrected
 * candidate to take instead.
 */
export function usePhotoTake(onAccepted: (url: string) => void) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<PhotoRefusal | null>(null);

  const accepted = (url: string) => {
    setRefusal(null);
    onAccepted(url);
    toastOk(t('msg.photo.accepted'));
  };

  const take = async (file: Blob | undefined, captureToken?: string) => {
    if (!file) return;
    const rule = file instanceof File ? await fileRuleError(file) : null;
    if (rule) return toastFail(t(rule));
    setBusy(true);
    setRefusal(null);
    try {
      const jpeg = await toStandardJpeg(file);
      const fd = new FormData();
      fd.append('flow', 'individual');
      if (captureToken) fd.append('captureToken', captureToken);
      fd.append('file', jpeg, 'photo.jpg');
      const env = await uploadPhoto(fd);
      if ((env.code === 200 || env.code === 0) && typeof env.data === 'string') accepted(env.data);
      else if (env.data && typeof env.data === 'object') {
        const { corrected, ...check } = env.data;
        setRefusal({ items: failingItems(check), msg: env.msg, src: URL.createObjectURL(jpeg), candidate: corrected });
      } else toastFail(env.msg);
    } catch (e) {
      toastFail((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const takeCorrected = async (c: PhotoCandidate) => {
    setBusy(true);
    try {
      const env = await acceptCorrected(c.id);
      if ((env.code === 200 || env.code === 0) && typeof env.data === 'string') accepted(env.data);
      else toastFail(env.msg);
    } finally {
      setBusy(false);
    }
  };

  return { busy, refusal, take, takeCorrected, clear: () => setRefusal(null) };
}
