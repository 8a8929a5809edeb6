import type { Text } from './i18n.ts';
import { accountsMessages } from './messages/accounts.ts';
import { contentMessages } from './messages/content.ts';
import { photosMessages } from './messages/photos.ts';
import { ordersMessages } from './messages/orders.ts';
import { paymentsMessages } from './messages/payments.ts';
import { taskMessages } from './messages/task.ts';
import { reprintMessages } from './messages/reprint.ts';
import { consoleMessages } from './messages/console.ts';
import { logisticsMessages } from './messages/logistics.ts';
import { noticesMessages } from './messages/notices.ts';
import { reviewMessages } from './messages/review.ts';

/**
 * Every message the server may send and the web may show for a rule, in both
 * languages. The Chinese texts are the specification's, word for word.
 * Keys are stable: zod schemas carry the key as their error message, the server
 * translates it for the caller, the web uses the same key with i18next.
 */
export const MESSAGES = {
  // document 1, section 5
  'mobile.required': { zh: '请输入手机号', en: 'Please enter your mobile number' },
  'mobile.invalid': { zh: '请输入正确的手机号', en: 'Please enter a valid mobile number (11 digits starting with 1)' },
  'mobile.taskInvalid': { zh: '请检查手机号', en: 'Please check the mobile number' },
  'smsCode.required': { zh: '请输入手机验证码', en: 'Please enter the SMS code' },
  'smsCode.invalid': { zh: '验证码格式不符', en: 'The code must be 6 digits' },
  'imageCode.required': { zh: '请输入验证码', en: 'Please enter the image code' },
  'imageCode.invalid': { zh: '验证码格式不符', en: 'The image code must be 4 letters or digits' },
  'terms.required': { zh: '请勾选同意服务条款协议', en: 'Please tick to agree to the service terms agreement' },
  'name.required': { zh: '请输入姓名', en: 'Please enter the name' },
  'name.invalid': { zh: '请输入正确的姓名', en: 'Please enter a valid name (letters, with · separators only)' },
  'idCard.required': { zh: '请输入身份证号', en: 'Please enter the ID card number' },
  'idCard.invalid': { zh: '请输入正确的身份证号', en: 'Please enter a valid 18-digit ID card number' },
  'idNum.required': { zh: '请输入证件号', en: 'Please enter the ID document number' },
  'idNum.invalid': { zh: '请输入正确的证件号', en: 'Please enter a valid ID document number' },
  'mail.required': { zh: '邮箱不能为空', en: 'E-mail cannot be empty' },
  'mail.invalid': { zh: '邮箱格式有误', en: 'The e-mail format is wrong' },
  'mailCode.required': { zh: '请输入邮箱验证码', en: 'Please enter the e-mail code' },
  'mobile.sameAsOld': { zh: '新手机号不能原手机号一样', en: 'The new mobile number cannot be the same as the old one' },
  'mail.sameAsOld': { zh: '新邮箱不能与原邮箱一样', en: 'The new e-mail cannot be the same as the old one' },
  'code.needMobileAndImage': {
    zh: '请先输入手机号和图形验证码',
    en: 'Please enter the mobile number and the image code first',
  },
  'selectStudent.nameRequired': { zh: '名字不能为空', en: 'Name cannot be empty' },
  'selectStudent.codeRequired': { zh: '验证码不能为空', en: 'Code cannot be empty' },
  'binding.required': { zh: '学号或学校不能为空', en: 'Student number or school cannot be empty' },
  // document 1, section 8
  'profile.incomplete': { zh: '请先完善信息', en: 'Please complete your information first' },
  'profile.mustComplete': { zh: '请务必先完善个人信息', en: 'Please complete your personal information first' },
  'login.required': {
    zh: '您还没登录,只有登录用户才能执行此操作!请首先登陆!',
    en: 'You are not logged in. Only logged-in users can do this. Please log in first!',
  },
  'login.requiredForPhoto': { zh: '请先登录系统，再提交照片。', en: 'Please log in before submitting photos.' },
  'login.notLoggedIn': { zh: '请先登录', en: 'Please log in' },
  'school.listFailed': { zh: '未获得到学校列表', en: 'Could not get the school list' },
  'session.inactive': { zh: '由于长时间未操作，请重新登录', en: 'Due to long inactivity, please log in again' },
  'confirm.logout': { zh: '确认退出吗？', en: 'Are you sure you want to log out?' },
  'confirm.deactivate': { zh: '此操作将注销账户, 是否继续?', en: 'This will deactivate your account. Continue?' },
  'ok.modified': { zh: '修改成功', en: 'Modified successfully' },
  'ok.profileCompleted': { zh: '已成功完善基本信息', en: 'Your basic information is complete' },
  'ok.deactivated': { zh: '注销成功!', en: 'Account deactivated!' },
  'ok.bound': { zh: '绑定成功', en: 'Binding succeeded' },
  'ok.unbindApplied': { zh: '解绑申请成功', en: 'Unbind application succeeded' },
  'error.signature': { zh: '签名错误', en: 'Signature error' },
  // document 2, section 5
  'phone.required': { zh: '请输入电话号', en: 'Please enter the phone number' },
  'phone.invalid': { zh: '请输入正确的电话号', en: 'Please enter a valid phone number' },
  'address.province': { zh: '请输入所在省份', en: 'Please enter the province' },
  'address.city': { zh: '请输入所在城市', en: 'Please enter the city' },
  'address.district': { zh: '请输入所在县区', en: 'Please enter the district or county' },
  'address.street': { zh: '请输入具体地址', en: 'Please enter the street address' },
  'shipping.carrierRequired': { zh: '请选择快递', en: 'Please choose a courier' },
  'shipping.regionRequired': { zh: '请选择省市区', en: 'Please choose the province, city and district' },
  'shipping.carrierWayRequired': { zh: '请选择快递方式', en: 'Please choose the delivery method' },
  'studentId.required': { zh: '请输入学号', en: 'Please enter the student number' },
  'studentId.invalid': { zh: '请输入正确的学号', en: 'Please enter a valid student number (1-18 letters or digits)' },
  'major.required': { zh: '请输入专业', en: 'Please enter the major' },
  'major.invalid': { zh: '请输入正确的专业', en: 'Please enter a valid major' },
  'image.required': { zh: '请上传图片', en: 'Please upload a photo' },
  'idType.required': { zh: '请选择证件类型', en: 'Please choose the ID type' },
  'sex.required': { zh: '请选择性别', en: 'Please choose the sex' },
  'schoolType.required': { zh: '请选择校别', en: 'Please choose the school type' },
  'education.required': { zh: '请选择学历', en: 'Please choose the education level' },
  'school.required': { zh: '不能为空', en: 'Cannot be empty' },
  'school.chooseFromList': {
    zh: '请输入学校名称或代码进行搜索，通过选中下拉列表内容进行确认。',
    en: 'Search by school name or code, then confirm by choosing from the drop-down list.',
  },
  'photo.jpgOnly': { zh: '上传头像图片只能是 JPG 格式!', en: 'The photo must be a JPG file!' },
  'photo.tooSmall': { zh: '上传头像图片大小不能小于30K!', en: 'The photo cannot be smaller than 30 KB!' },
  'photo.tooLarge': { zh: '上传头像图片大小不能超过5M!', en: 'The photo cannot be larger than 5 MB!' },
  'photo.uploadFirst': { zh: '请先上传图片', en: 'Please upload a photo first' },
  'photo.accepted': { zh: '照片可用,请继续填写', en: 'The photo is usable, please continue' },
  'photo.rejected': { zh: '照片不可用,请确定照片格式无误!', en: 'The photo is not usable, please check it!' },
  'order.atLeastOnePhoto': {
    zh: '至少有一张照片才可进行下一步!请添加照片!',
    en: 'At least one photo is needed for the next step! Please add a photo!',
  },
  'order.max30': { zh: '一个订单内最多添加30条信息!', en: 'At most 30 entries per order!' },
  'order.empty': { zh: '请添加订单信息', en: 'Please add order information' },
  'order.shippingMissing': { zh: '请先完善物流信息!', en: 'Please complete the shipping information first!' },
  'order.confirmDelete': { zh: '是否要删除该条信息?', en: 'Delete this entry?' },
  'refund.confirm': { zh: '您确定申请退款吗？', en: 'Are you sure you want to request a refund?' },
  'ok.deleted': { zh: '删除成功', en: 'Deleted successfully' },
  'ok.refunded': { zh: '退款成功', en: 'Refund requested successfully' },
  'ok.refundCancelled': { zh: '已取消退款', en: 'Refund cancelled' },
  'ok.paid': { zh: '支付成功', en: 'Payment succeeded' },
  'task.featureCodeRequired': { zh: '请输入特征码', en: 'Please enter the feature code' },
  'task.studentIdPattern': {
    zh: '请输入正确的学号或身份证号',
    en: 'Enter a valid student number or ID number',
  },
  'reprint.rowRequired': { zh: '请选择照片', en: 'Please choose a photo' },
  'reprint.quantity': { zh: '数量为1到100', en: 'The quantity is 1 to 100' },
  'tips.confirmRequired': { zh: '请勾选确认', en: 'Please tick to confirm' },
  'pay.methodRequired': { zh: '请选择支付方式', en: 'Please choose a payment method' },
  // generic answers of the HTTP conventions
  'http.badRequest': { zh: '参数错误：{field} {rule}', en: 'Invalid input: {field} {rule}' },
  'http.badSign': { zh: '请求签名错误', en: 'The request signature is wrong' },
  'http.forbidden': { zh: '无权操作', en: 'You are not allowed to do this' },
  'http.notFound': { zh: '未找到', en: 'Not found' },
  'http.conflict': { zh: '当前状态不允许此操作', en: 'This is not allowed in the current state' },
  'http.tooLarge': { zh: '文件过大', en: 'The upload is too large' },
  'http.tooMany': { zh: '操作过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
  'http.internal': { zh: '系统繁忙，请稍后再试', en: 'The system is busy, please try again later' },
  'http.notLoggedIn': { zh: '登录已失效，请重新登录', en: 'Your session has ended, please log in again' },
  'http.restarting': { zh: '服务正在重启，请稍后重试', en: 'The service is restarting, please try again shortly' },
  'http.databaseUnavailable': {
    zh: '服务暂时不可用，请几秒后重试',
    en: 'The service is briefly unavailable, please try again in a few seconds',
  },
  'http.maintenance': { zh: '系统维护中', en: 'The system is under maintenance' },
  // Each area adds its own messages in messages/<area>.ts.
  ...accountsMessages,
  ...contentMessages,
  ...photosMessages,
  ...ordersMessages,
  ...paymentsMessages,
  ...taskMessages,
  ...reprintMessages,
  ...consoleMessages,
  ...logisticsMessages,
  ...noticesMessages,
  ...reviewMessages,
} as const satisfies Record<string, Text>;

export type MessageKey = keyof typeof MESSAGES;

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(MESSAGES, key);
}
