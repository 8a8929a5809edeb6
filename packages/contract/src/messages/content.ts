import type { Text } from '../i18n.ts';

/** Messages of the content area (zh word for word from the specification, and en). */
export const contentMessages = {
  'content.newsNotFound': { zh: '资讯不存在或已下线', en: 'This news item does not exist or has been withdrawn' },
  'content.pageNotFound': { zh: '页面不存在', en: 'This page does not exist' },
  'content.formNotFound': { zh: '文件不存在', en: 'This file does not exist' },
  'content.bannerNotFound': { zh: '内容不存在', en: 'This content does not exist' },
  'content.idRequired': { zh: '请提供编号', en: 'Please give the id' },
  'content.formNameZhRequired': { zh: '中文名称：必填', en: 'Chinese name: required' },
  'content.formNameEnRequired': { zh: '英文名称：必填', en: 'English name: required' },
  'content.formUrlInvalid': {
    zh: '下载链接：须为以 http:// 或 https:// 开头的地址',
    en: 'Download link: must be an address starting with http:// or https://',
  },
  'content.faqTypeInvalid': {
    zh: '请选择常见问题的类型',
    en: 'Please choose the FAQ type',
  },
  'content.linkInvalid': {
    zh: '链接：须为以 http:// 或 https:// 开头的地址',
    en: 'Link: must be an address starting with http:// or https://',
  },
  'content.formFileOrUrl': { zh: '文件：请上传文件或填写下载链接', en: 'File: upload a file or give a download link' },
  'content.formFileType': {
    zh: '文件：仅支持 PDF、Word、Excel、ZIP 或图片（PNG、JPEG、GIF、WebP）',
    en: 'File: only PDF, Word, Excel, ZIP or image (PNG, JPEG, GIF, WebP) files are accepted',
  },
  'content.formFileMismatch': {
    zh: '文件：内容与扩展名“{ext}”不符',
    en: 'File: the content does not match the extension “{ext}”',
  },
  'content.formFileTooLarge': { zh: '文件：大小不能超过{max}MB', en: 'File: must not be larger than {max} MB' },
  'content.formFileEmpty': { zh: '文件：不能为空文件', en: 'File: must not be empty' },
  'catalog.schoolNotFound': { zh: '未找到该学校', en: 'School not found' },
  'catalog.upidInvalid': { zh: '地区编号格式有误', en: 'The region code must be 6 digits' },
} as const satisfies Record<string, Text>;
