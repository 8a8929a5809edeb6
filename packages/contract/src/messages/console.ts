import type { Text } from '../i18n.ts';

/** Messages of the console area (zh word for word from the specification, and en). */
export const consoleMessages = {
  'console.badLogin': { zh: '用户名或密码错误', en: 'Wrong user name or password' },
  'console.totpRequired': { zh: '请输入动态口令', en: 'Please enter the one-time code' },
  'console.totpInvalid': { zh: '动态口令错误', en: 'The one-time code is wrong' },
  'console.locked': {
    zh: '登录失败次数过多，账号已锁定，请{minutes}分钟后再试或联系管理员解锁',
    en: 'Too many failed logins: the account is locked; try again in {minutes} minutes or ask an admin to unlock it',
  },
  'console.totpCodeFormat': { zh: '动态口令：请输入6位数字', en: 'One-time code: please enter the 6 digits' },
  'console.totpEnrolInvalid': {
    zh: '动态口令：验证码不正确，请输入身份验证器当前显示的6位数字',
    en: 'One-time code: the code is wrong; enter the 6 digits your authenticator shows now',
  },
  'console.totpNoPending': {
    zh: '绑定已过期或已完成，请重新开始绑定身份验证器',
    en: 'This set-up has expired or was already completed; please start setting up the authenticator again',
  },
  'console.totpAlreadyOn': {
    zh: '动态口令已启用，如需更换请先停用',
    en: 'The one-time code is already on; turn it off first to change it',
  },
  'console.totpNotOn': { zh: '动态口令未启用', en: 'The one-time code is not on' },
  'console.totpDisableProof': { zh: '请输入动态口令或登录密码', en: 'Please enter the one-time code or your password' },
  'console.passwordWrong': { zh: '登录密码：密码错误', en: 'Password: the password is wrong' },
  'console.usernameTaken': { zh: '用户名已存在', en: 'This user name is taken' },
  'console.usernameRequired': { zh: '请输入用户名', en: 'Please enter the user name' },
  'console.passwordRequired': { zh: '请输入密码', en: 'Please enter the password' },
  'console.passwordWeak': { zh: '密码至少8位', en: 'The password needs at least 8 characters' },
  'console.branchRequired': { zh: '分公司账号必须填写分公司', en: 'A branch account needs its branch' },
  'console.schoolsRequired': { zh: '学校账号必须选择至少一所学校', en: 'A school account needs at least one school' },
  'console.schoolCodeFormat': { zh: '学校代码为5位数字', en: 'A school code has 5 digits' },
  'console.schoolUnknown': { zh: '学校代码不在学校名单中', en: 'The school code is not on the list of schools' },
  'console.cohortTaskForbidden': {
    zh: '该采集任务不属于您的学校',
    en: 'This collection task is not one of your schools',
  },
  'console.cohortNoOrder': {
    zh: '该学生在此采集任务中没有订单',
    en: 'This student has no order in this collection task',
  },
  'console.reasonRequired': { zh: '请填写驳回原因', en: 'Please give the reason for rejecting' },
  'console.waybillRequired': { zh: '请填写快递公司和运单号', en: 'Please enter the carrier and the waybill number' },
  'console.waybillFormat': {
    zh: '运单号格式不正确：{carrier}的运单号应为{formatZh}',
    en: 'The waybill number has the wrong format: a {carrier} number is {formatEn}',
  },
  'console.stateChanged': {
    zh: '订单状态已变化，请刷新后重试',
    en: 'The order state has changed; please refresh and try again',
  },
  'console.photoChanged': {
    zh: '学生已更换照片，请刷新后重新审核',
    en: 'The student has changed the photo; please refresh and review it again',
  },
  'console.bindingNotPending': { zh: '该解绑申请已处理', en: 'This unbinding request has already been handled' },
  'console.selectOrders': { zh: '请选择订单', en: 'Please select orders' },
  'console.csvInvalid': { zh: 'CSV文件格式有误', en: 'The CSV file is not in the expected format' },
  'console.nothingToExport': { zh: '没有可导出的照片', en: 'There are no photos to export' },
  'console.yxdmInvalid': { zh: '院校代码为5位数字', en: 'The school code is 5 digits' },
  'console.exportNotReady': {
    zh: '导出尚未完成，暂不能下载',
    en: 'The export is not finished yet; it cannot be downloaded',
  },
  'console.exportLinkInvalid': {
    zh: '下载链接无效或已过期，请回到导出页重新下载',
    en: 'The download link is invalid or has expired; download again from the export page',
  },
  'console.exportLeftOut.photoMissing': { zh: '照片文件不存在', en: 'The photo file is missing from storage' },
  'console.exportLeftOut.photoUnreadable': {
    zh: '照片无法转换为国家标准格式',
    en: 'The photo could not be converted to the national format',
  },
  'console.exportLeftOut.noIdNumber': {
    zh: '没有证件号码，无法按证件号码命名',
    en: 'There is no ID number to name the file by',
  },
  'console.exportLeftOut.duplicateId': {
    zh: '同一学校中证件号码重复，已导出第一张',
    en: 'The ID number appears twice in the school; the first photo was exported',
  },
  'console.nothingToReport': { zh: '范围内没有审核通过的照片', en: 'There are no approved photos in this scope' },
  'console.allReported': { zh: '范围内的照片均已上报成功', en: 'Every photo in this scope has already been accepted' },
  'console.reportRunning': {
    zh: '已有上报任务正在进行，请等待其完成',
    en: 'A report run is in progress; please wait until it finishes',
  },
} as const satisfies Record<string, Text>;
