import type { Text } from '../i18n.ts';

/** Messages of the content area (zh word for word from the specification, and en). */
export const contentMessages = {
  'content.newsNotFound': { zh: '资讯不存在或已下线', en: 'This news item does not exist or has been withdrawn' },
  'content.pageNotFound': { zh: '页面不存在', en: 'This page does not exist' },
  'content.formNotFound': { zh: '文件不存在', en: 'This file does not exist' },
  'content.bannerNotFound': { zh: '内容不存在', en: 'This content does not exist' },
  'content.idRequired': { zh: '请提供编号', en: 'Please give the id' },
  'catalog.schoolNotFound': { zh: '未找到该学校', en: 'School not found' },
  'catalog.upidInvalid': { zh: '地区编号格式有误', en: 'The region code must be 6 digits' },
} as const satisfies Record<string, Text>;
