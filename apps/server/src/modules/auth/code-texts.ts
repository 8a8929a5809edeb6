/** What a code is sent for (codes.ts). */
export type CodePurpose = 'login' | 'bind' | 'changeMobile' | 'changeMail' | 'logout';

const PURPOSE: Record<CodePurpose, { zh: string; en: string }> = {
  login: { zh: '登录', en: 'log in' },
  bind: { zh: '绑定账号', en: 'link your account' },
  changeMobile: { zh: '更换手机号', en: 'change your mobile number' },
  changeMail: { zh: '更换邮箱', en: 'change your e-mail address' },
  logout: { zh: '注销账户', en: 'deactivate your account' },
};

/** The SMS text (the sandbox keeps it; real providers send their approved template with the code). */
export function codeSms(purpose: CodePurpose, code: string): string {
  return `【学生图像采集平台】您正在${PURPOSE[purpose].zh}，验证码${code}，5分钟内有效，请勿告诉他人。`;
}

/** The code e-mail in the caller's language. */
export function codeMail(lang: 'zh' | 'en', purpose: CodePurpose, code: string): { subject: string; text: string } {
  if (lang === 'en')
    return {
      subject: `Student photo portal: your verification code ${code}`,
      text: `Your code to ${PURPOSE[purpose].en} is ${code}. It is valid for 5 minutes. Do not tell it to anyone.\n\nStudent photo portal`,
    };
  return {
    subject: `学生图像采集平台验证码 ${code}`,
    text: `您正在${PURPOSE[purpose].zh}，验证码${code}，5分钟内有效，请勿告诉他人。\n\n学生图像采集平台`,
  };
}
