import type { Text } from '../i18n.ts';

/** Messages of the accounts area (zh word for word from the specification, and en). */
export const accountsMessages = {
  'captcha.wrong': { zh: '图形验证码错误，请重新输入', en: 'The image code is wrong, please enter the new one' },
  'captcha.expired': {
    zh: '图形验证码已失效，请点击图片刷新',
    en: 'The image code has expired, click the image to refresh it',
  },
  'code.sent': { zh: '验证码已发送', en: 'The code has been sent' },
  'code.wrong': { zh: '验证码错误', en: 'The code is wrong' },
  'code.expired': { zh: '验证码已失效，请重新获取', en: 'The code has expired, please request a new one' },
  'code.tooManyTries': { zh: '验证码错误次数过多，请重新获取', en: 'Too many wrong tries, please request a new code' },
  'code.tooSoon': {
    zh: '请{seconds}秒后再获取验证码',
    en: 'Please wait {seconds} seconds before requesting another code',
  },
  'code.hourlyLimit': {
    zh: '该号码1小时内获取验证码次数已达上限，请稍后再试',
    en: 'This number has had too many codes in the last hour, please try again later',
  },
  'code.dailyLimit': {
    zh: '该号码今日获取验证码次数已达上限，请明天再试',
    en: 'This number has had the most codes allowed today, please try again tomorrow',
  },
  'code.ipLimit': {
    zh: '当前网络获取验证码过于频繁，请稍后再试',
    en: 'Too many codes were requested from your network, please try again later',
  },
  'code.budget': { zh: '短信服务繁忙，请稍后再试', en: 'The SMS service is busy, please try again later' },
  'code.needMailAndImage': {
    zh: '请先输入邮箱和图形验证码',
    en: 'Please enter the e-mail address and the image code first',
  },
  'code.needImage': { zh: '请先输入图形验证码', en: 'Please enter the image code first' },
  'sms.failed': { zh: '短信发送失败，请稍后重试', en: 'The text message could not be sent, please try again later' },
  'sms.rateLimited': {
    zh: '短信服务商限制了该号码的发送频率，请稍后再试',
    en: 'The SMS provider is limiting messages to this number, please try again later',
  },
  'sms.numberInvalid': {
    zh: '该手机号无法接收短信，请检查号码是否正确',
    en: 'This mobile number cannot receive text messages, please check it',
  },
  'mail.failed': { zh: '邮件发送失败，请稍后重试', en: 'The e-mail could not be sent, please try again later' },
  'mail.rejected': {
    zh: '邮件服务器拒收，请检查邮箱地址是否正确',
    en: 'The mail server refused the message, please check the e-mail address',
  },
  'code.mobileRegistered': {
    zh: '该手机号已注册，继续将向该手机发送验证码，并把第三方账号绑定到该账户，是否继续？',
    en: 'This mobile number already has an account. Continue to send the code to it and link your third-party login to that account?',
  },
  'code.mailRegistered': {
    zh: '该邮箱已注册，继续将向该邮箱发送验证码，并把第三方账号绑定到该账户，是否继续？',
    en: 'This e-mail already has an account. Continue to send the code to it and link your third-party login to that account?',
  },
  'mobile.taken': { zh: '该手机号已被其他账户使用', en: 'This mobile number belongs to another account' },
  'mail.taken': { zh: '该邮箱已被其他账户使用', en: 'This e-mail belongs to another account' },
  'oauth.mailHeld': {
    zh: '该邮箱已属于一个账户，不能用邮箱绑定。请选择“普通学生”，用该账户的手机号和短信验证码绑定',
    en: 'This e-mail already belongs to an account and cannot be used to bind. Choose "ordinary student" and bind with that account\'s mobile number and text code',
  },
  'code.memberLimit': {
    zh: '您获取验证码的次数过多，请稍后再试',
    en: 'You have requested too many codes, please try again later',
  },
  'oauth.stateInvalid': { zh: '授权已失效，请重新登录', en: 'The authorisation has expired, please log in again' },
  'oauth.openIdInvalid': {
    zh: '第三方登录已失效，请重新登录',
    en: 'The third-party login has expired, please log in again',
  },
  'oauth.alreadyLinked': {
    zh: '该账户已绑定其他第三方账号',
    en: 'This account is already linked to another third-party login',
  },
  'oauth.notConfigured': {
    zh: '本站未开通微信登录，请使用手机号登录',
    en: 'WeChat login is not set up on this site, please log in with your mobile number',
  },
  'oauth.providerFailed': {
    zh: '微信登录服务返回异常，请稍后再试或使用手机号登录',
    en: 'The WeChat login service gave an error, please try again later or log in with your mobile number',
  },
  'oauth.providerTimeout': {
    zh: '微信登录服务响应超时，请稍后再试或使用手机号登录',
    en: 'The WeChat login service did not answer in time, please try again later or log in with your mobile number',
  },
  'deactivate.pendingOrders': {
    zh: '您有已支付但尚未发货的订单，暂不能注销账户，请在订单发货后再试',
    en: 'You have a paid order that has not been shipped yet; you can deactivate the account once it has shipped',
  },
  'deactivate.noContact': {
    zh: '账户没有可接收验证码的手机号或邮箱',
    en: 'The account has no mobile or e-mail to receive a code',
  },
} as const satisfies Record<string, Text>;
