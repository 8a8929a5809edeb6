import type { Text } from '../i18n.ts';

/**
 * Messages of the reprint area (zh and en). The specification's own texts
 * (学号或学校不能为空, 绑定成功, 解绑申请成功, quantity and row rules) live in messages.ts;
 * these are the refusals the binding and reprint-order rules add.
 */
export const reprintMessages = {
  'reprint.noPhotoOnFile': {
    zh: '未查询到该学校该学号的照片信息',
    en: 'No photo is on file for this school and student number',
  },
  'reprint.identityMismatch': {
    zh: '身份信息与学籍信息不一致',
    en: 'Your identity does not match the student record',
  },
  'reprint.takenByOther': {
    zh: '该学号已被其他账号绑定',
    en: 'This student number is already bound to another account',
  },
  'reprint.alreadyBound': {
    zh: '您已绑定学籍信息，请先解绑',
    en: 'You are already bound to a student record; unbind it first',
  },
  'reprint.notBound': { zh: '请先绑定学籍信息', en: 'Please bind your student record first' },
  'reprint.unbindPending': {
    zh: '解绑申请审核中，请联系客服',
    en: 'Your unbind application is under review; please call customer service',
  },
  'reprint.notYourStudent': {
    zh: '只能为本人绑定的学籍冲印照片',
    en: 'You can only order reprints of your own bound student record',
  },
} as const satisfies Record<string, Text>;
