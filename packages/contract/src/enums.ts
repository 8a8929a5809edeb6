import type { Text } from './i18n.ts';

/** Shared enumerations of both documents (section 3). */
export const ID_TYPES: Record<number, Text> = {
  1: { zh: '身份证', en: 'ID card' },
  2: { zh: '护照', en: 'Passport' },
  3: { zh: '军官证', en: 'Officer certificate' },
  4: { zh: '台湾居民来往大陆通行证', en: 'Taiwan pass' },
};
/** Id types of the individual form; 4 only on the centralised form. */
export const PERSON_ID_TYPES = [1, 2, 3] as const;
export const TASK_ID_TYPES = [1, 2, 3, 4] as const;

export const SEXES: Record<number, Text> = {
  0: { zh: '男', en: 'Male' },
  1: { zh: '女', en: 'Female' },
};

export const SCHOOL_TYPES: Record<number, Text> = {
  1: { zh: '普通高校', en: 'Ordinary university' },
  2: { zh: '科研单位', en: 'Research unit' },
  3: { zh: '成人高校', en: 'Adult higher education' },
  4: { zh: '广播电视大学', en: 'Open / TV university' },
  5: { zh: '军队院校', en: 'Military academy' },
  6: { zh: '网络教育', en: 'Online education' },
};

export const EDUCATION_LEVELS: Record<number, Text> = {
  1: { zh: '研究生', en: 'Postgraduate' },
  2: { zh: '本科', en: 'Undergraduate' },
  3: { zh: '专科', en: 'Junior college' },
};

/** xllb, the education category. */
export const EDUCATION_CATEGORIES: Record<number, Text> = {
  1: { zh: '普通', en: 'Ordinary' },
  2: { zh: '研究生', en: 'Postgraduate' },
  3: { zh: '成人', en: 'Adult' },
  4: { zh: '网络', en: 'Online' },
  5: { zh: '开放', en: 'Open' },
  6: { zh: '其他', en: 'Other' },
};

export const REFUND_STATUS: Record<number, Text> = {
  1: { zh: '待审核', en: 'Pending review' },
  2: { zh: '待审核', en: 'Pending review' },
  3: { zh: '审核通过', en: 'Review passed' },
  4: { zh: '已退款', en: 'Refunded' },
  5: { zh: '退款失败', en: 'Refund failed' },
};

/** Bind check (document 1, section 3): 0 or 3 not bound, 1 bound, 2 unbind pending. */
export const BIND_STATUS = { NONE: 0, BOUND: 1, UNBIND_PENDING: 2, UNBOUND: 3 } as const;

export const ORDER_TYPE = { INDIVIDUAL: 1, REPRINT: 2 } as const;
/** Payment way: 2 WeChat-style QR, 1 Alipay-style page redirect. */
export const PAY_TYPE = { ALIPAY: 1, WECHAT: 2 } as const;
