/**
 * The service agreement and privacy notice shown from the login pages (desktop and phone). Version
 * 2025-09 (the server records this version with each member's consent).
 */
export interface TermsSection {
  title: string;
  body: string[];
}

const zh: TermsSection[] = [
  {
    title: '一、服务协议',
    body: [
      '本平台（学生图像采集平台）由国家新闻图片机构运营，为普通高校学生、毕业生及留学生提供毕业/入学照片的在线提交、集中采集、照片冲印与邮寄服务，并按规定向全国高等教育学生信息网报送学历照片。',
      '您使用手机号及短信验证码登录；首次登录即视为注册账户。您应保证所填写的姓名、证件号码、学校、学号等信息真实、准确，并仅为本人或经授权的人员提交照片。',
      '照片须为本人近期正面免冠证件照，不得上传他人照片或经过美化、合成的照片。审核未通过的照片需按提示重新上传。',
      '订单一经支付即进入审核和制作流程；退款规则以订单页面所示为准。',
      '您可以随时在“个人中心”修改姓名、手机号、邮箱，或注销账户。请妥善保管您的手机和验证码，因泄露验证码造成的损失由您自行承担。',
    ],
  },
  {
    title: '二、隐私声明：我们收集哪些个人信息',
    body: [
      '账户信息：手机号、姓名、电子邮箱；使用第三方登录时，还包括该平台提供的用户标识（openId）。',
      '订单信息：证件类型与号码、性别、学校、院校代码、学历层次、专业、学号、收件人姓名、电话与地址。',
      '照片：您上传或现场采集的人像照片，以及为检测照片规格而计算的面部位置数据。人像照片和身份证件号码属于敏感个人信息，我们仅在您单独同意后处理。',
      '安全日志：登录时间、IP 地址、浏览器类型，用于防止滥用与排查故障。',
    ],
  },
  {
    title: '三、我们为什么使用这些信息',
    body: [
      '完成登录、身份核验与账户安全（验证码、会话管理、防刷限制）；',
      '制作、审核和邮寄照片，处理支付与退款；',
      '按国家学籍学历管理规定，将学历照片及对应的姓名、证件号码、学校、学号报送至全国高等教育学生信息网；',
      '在您咨询时提供客户服务。我们不会将您的信息用于广告营销，也不会出售您的个人信息。',
    ],
  },
  {
    title: '四、谁会收到这些信息',
    body: [
      '全国高等教育学生信息网（学历照片报送）；您所在学校及负责集中采集的地方分支机构（仅限集中采集订单）；',
      '支付机构（微信支付、支付宝，仅订单号和金额）；快递公司（收件人姓名、电话和地址）；短信与邮件服务商（手机号或邮箱及验证码）；',
      '法律法规要求时的有权机关。上述接收方仅能在完成相应服务所必需的范围内使用您的信息。',
    ],
  },
  {
    title: '五、保存期限与您的权利',
    body: [
      '账户信息保存至您注销账户；验证码 5 分钟后失效，安全日志保存 6 个月。',
      '照片及订单中的人员信息在报送完成并且订单完结后保存 3 年，以便补冲印和核查；财务记录按会计档案规定保存 30 年，注销账户后仅保留去除个人身份信息的订单记录。',
      '身份证件号码加密存储，页面上仅以掩码形式显示。',
      '您有权查阅、更正、删除您的个人信息，撤回同意或注销账户。注销后您的姓名、手机号、邮箱、照片、绑定信息将被删除，订单仅以匿名形式保留用于财务核算。已支付但尚未发货的订单处理完毕前无法注销。',
      '如有疑问，请通过页面底部的客服电话或在线客服联系我们，我们将在 15 个工作日内答复。',
    ],
  },
];

const en: TermsSection[] = [
  {
    title: '1. Service agreement',
    body: [
      'This portal (the student photo portal) is run by the national press photo agency. It lets students and graduates of Chinese colleges, international students included, submit graduation or enrolment photos online or through centralised collection, order prints by post, and have their education photo reported to the national higher-education student information site as the rules require.',
      'You log in with your mobile number and an SMS code; your first login creates your account. The name, ID number, school and student number you enter must be true and accurate, and you may submit photos only for yourself or for people who have authorised you.',
      'Photos must be a recent frontal ID-style photo of the person, without hat, retouching or compositing. A photo that fails review must be uploaded again as the notice explains.',
      'Once paid, an order enters review and production; refunds follow the rules shown on the order pages.',
      'You may change your name, mobile number or e-mail, or deactivate your account, at any time in the personal centre. Keep your phone and codes safe: losses caused by sharing a code are your own responsibility.',
    ],
  },
  {
    title: '2. Privacy notice: what personal data we collect',
    body: [
      'Account data: mobile number, name, e-mail address; with a third-party login also the user identifier (openId) that platform gives us.',
      'Order data: ID type and number, sex, school and school code, education level, major, student number, and the recipient name, phone and address for delivery.',
      'Photos: the portrait you upload or that is taken at a collection point, and face-position measurements computed to check the photo standard. Portraits and ID numbers are sensitive personal information; we process them only with your separate consent.',
      'Security logs: login times, IP address and browser type, to prevent abuse and investigate faults.',
    ],
  },
  {
    title: '3. Why we use it',
    body: [
      'To log you in, verify your identity and keep your account safe (codes, sessions, abuse limits);',
      'to make, review and post your photos and to handle payments and refunds;',
      'to report your education photo with the matching name, ID number, school and student number to the national higher-education student information site, as national student-record rules require;',
      'to answer you when you contact customer service. We do not use your data for advertising and we never sell it.',
    ],
  },
  {
    title: '4. Who receives it',
    body: [
      'The national higher-education student information site (photo reporting); your school and the local branch that organises centralised collection (centralised orders only);',
      'payment providers (WeChat Pay, Alipay: order number and amount only); the courier (recipient name, phone and address); our SMS and e-mail providers (your mobile or e-mail and the code);',
      'authorities where the law requires it. Each recipient may use your data only as far as its part of the service needs.',
    ],
  },
  {
    title: '5. How long we keep it, and your rights',
    body: [
      'Account data is kept until you deactivate the account; codes expire after 5 minutes; security logs are kept 6 months.',
      'Photos and the people on an order are kept for 3 years after reporting and completion of the order, for reprints and checks; accounting records are kept for 30 years as accounting rules require, and after deactivation only order records stripped of personal identity remain.',
      'ID numbers are stored encrypted and shown masked.',
      'You may see, correct and delete your personal data, withdraw consent or deactivate your account. Deactivation deletes your name, mobile number, e-mail, photos and bindings; orders are kept only in anonymised form for accounting. An account with a paid order that has not shipped yet can be deactivated once the order has shipped.',
      'For questions, call the customer-service numbers at the bottom of the page or use the online chat; we answer within 15 working days.',
    ],
  },
];

export const TERMS: Record<'zh' | 'en', TermsSection[]> = { zh, en };
