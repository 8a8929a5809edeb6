// Messages of the account feature (and the shared captcha and code button), flat dotted keys, zh and en.
const zh: Record<string, string> = {
  'captcha.refresh': '看不清？点击图片换一张',
  'captcha.alt': '图形验证码',
  'sendCode.get': '获取验证码',
  'sendCode.again': '{{n}}秒后重新获取',
  'account.name': '姓名',
  'account.imageCode': '图形验证码',
  'account.smsCode': '手机验证码',
  'account.nameTitle': '修改姓名',
  'account.currentMobile': '当前手机号',
  'account.currentMail': '当前邮箱',
  'account.mobileTitle': '修改手机号',
  'account.mobileIntro': '验证码将发送到新手机号。修改成功后需要使用新手机号重新登录。',
  'account.newMobile': '新手机号',
  'account.mailTitle': '修改邮箱',
  'account.newMail': '新邮箱',
  'account.mailCode': '邮箱验证码',
  'account.deactivateTitle': '注销账户',
  'account.deactivateWarning': '注销后账户无法恢复',
  'account.deactivateDetail':
    '注销将删除您的姓名、手机号、邮箱、照片和学籍绑定信息，并退出所有登录设备；订单仅以去除个人信息的形式保留用于财务核算。有已支付但尚未发货的订单时无法注销。',
  'account.deactivateButton': '注销账户',
  'account.logoutCode': '验证码',
  'account.deactivateSubmit': '确认注销',
};

const en: Record<keyof typeof zh, string> = {
  'captcha.refresh': 'Hard to read? Click the picture for a new one',
  'captcha.alt': 'Image code',
  'sendCode.get': 'Get code',
  'sendCode.again': 'Again in {{n}} s',
  'account.name': 'Name',
  'account.imageCode': 'Image code',
  'account.smsCode': 'SMS code',
  'account.nameTitle': 'Change name',
  'account.currentMobile': 'Current mobile',
  'account.currentMail': 'Current e-mail',
  'account.mobileTitle': 'Change mobile number',
  'account.mobileIntro': 'The code goes to the new number. Afterwards you log in again with the new number.',
  'account.newMobile': 'New mobile number',
  'account.mailTitle': 'Change e-mail',
  'account.newMail': 'New e-mail',
  'account.mailCode': 'E-mail code',
  'account.deactivateTitle': 'Deactivate account',
  'account.deactivateWarning': 'A deactivated account cannot be restored',
  'account.deactivateDetail':
    'Deactivation deletes your name, mobile number, e-mail, photos and student bindings and logs you out everywhere; orders are kept only without personal data, for accounting. It is refused while a paid order has not shipped.',
  'account.deactivateButton': 'Deactivate account',
  'account.logoutCode': 'Verification code',
  'account.deactivateSubmit': 'Deactivate now',
};

export default { zh, en };
