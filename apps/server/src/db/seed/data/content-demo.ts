import { ACCEPTED_BACKGROUNDS_TEXT as BG } from '@portal/contract/photo-backgrounds';
import { deadlineText, demoSeason } from './demo-season.ts';

/**
 * Demo public content, in Chinese and English (sanitized again when seeded). The season
 * (class year, deadline, dates) follows the current date (demo-season.ts); the accepted
 * backgrounds come from the contract, as the photo guide's do.
 */
const A = '/api/content/assets';
const S = demoSeason();
const Y = S.classYear;
const D = deadlineText(S);

/** A table's rows from one tuple a line (the long tables below stay readable), keyed by `columns`, in order, with their place as `sort`. */
function tableRows<const C extends readonly string[], T extends unknown[]>(columns: C, tuples: [...T][]) {
  type Row = { [I in keyof C as I extends `${number}` ? C[I] & string : never]: T[I & keyof T] };
  return tuples.map((t, sort) => ({ ...(Object.fromEntries(columns.map((c, i) => [c, t[i]])) as Row), sort }));
}

export const DEMO_BANNERS = [
  {
    type: 2,
    picUrl: `${A}/banner-season.svg`,
    titleZh: `${Y}届毕业生图像采集全面启动`,
    titleEn: `Graduation photo collection for the class of ${Y} is open`,
    contentZh:
      `<h2>${Y}届毕业生图像采集全面启动</h2><p>各位同学：${Y}届毕业生学历图像采集工作现已开始。未参加学校集中采集的同学可通过本平台<strong>个人提交</strong>照片，经人工审核、标准化处理后上报全国高等教育学生信息网。</p><p><img src="/api/content/assets/banner-guide.svg" alt="拍摄指南"></p><ul><li>收费标准：每人次45元，含采集、制作、标准化处理、上报及快递费用。</li><li>付款后约15个工作日内收到纸质照片。</li><li>江苏高校学生请先致电客服确认。</li></ul>`,
    contentEn:
      `<h2>Graduation photo collection for the class of ${Y} is open</h2><p>Students who did not take part in their school's group session can <strong>submit a photo individually</strong> here. Each photo is reviewed, standardised and reported to the national higher-education student information site.</p><p><img src="/api/content/assets/banner-guide.svg" alt="Photo guide"></p><ul><li>Price: 45 yuan per person, covering collection, production, standardisation, reporting and free express delivery.</li><li>Paper photos arrive about 15 working days after payment.</li><li>Students of Jiangsu universities please phone customer service first.</li></ul>`,
    sort: 1,
  },
  {
    type: 2,
    picUrl: `${A}/banner-guide.svg`,
    titleZh: '标准证件照拍摄指南',
    titleEn: 'How to take a compliant graduation photo',
    contentZh:
      `<h2>标准证件照拍摄指南</h2><p>照片规格：480×640像素，24位真彩色JPEG；背景为${BG.zh}，均匀无阴影。</p><ol><li>正面免冠，双眼平视，表情自然，露出双耳与眉毛。</li><li>不得使用录取照片或其他资格证件照片。</li><li>照片将进行人脸比对，<strong>请勿提交美颜或修图照片</strong>。</li></ol>`,
    contentEn:
      `<h2>How to take a compliant graduation photo</h2><p>Format: 480 × 640 pixels, 24-bit colour JPEG, background ${BG.en}, even and without shadows.</p><ol><li>Face the camera bareheaded, eyes level, ears and eyebrows visible.</li><li>Do not use your admission photo or another qualification's photo.</li><li>Photos go through face comparison: <strong>do not submit retouched photos</strong>.</li></ol>`,
    sort: 2,
  },
  {
    type: 1,
    picUrl: `${A}/banner-chsi.svg`,
    url: 'https://www.chsi.com.cn/',
    titleZh: '中国高等教育学生信息网',
    titleEn: 'China Higher Education Student Information site',
    sort: 3,
  },
  {
    type: 2,
    picUrl: `${A}/banner-reprint.svg`,
    titleZh: '毕业照片冲印服务',
    titleEn: 'Graduation photo reprints',
    contentZh:
      '<h2>毕业照片冲印服务</h2><p>已完成采集的同学可在首页点击“毕业照冲印”，绑定学校与学号后选择照片与冲印数量。冲印照片无背胶，包邮寄送。</p>',
    contentEn:
      '<h2>Graduation photo reprints</h2><p>If your photo is already on file, choose “Graduation reprint” on the home page, bind your school and student number, then pick the photo and the number of prints. Reprints have no adhesive backing; delivery is free.</p>',
    sort: 4,
  },
];

export const DEMO_NOTICES = [
  {
    type: 1,
    titleZh: '重要通知',
    titleEn: 'Important notice',
    contentZh:
      `<p>1. ${Y}届毕业生图像采集截止日期为<strong>${D.zh}</strong>，请尚未采集的同学尽快提交。</p><p>2. 江苏高校学生请先致电客服，确认学校采集安排后再下单。</p><p>3. 本平台仅支持电脑浏览器访问。</p>`,
    contentEn:
      `<p>1. Collection for the class of ${Y} closes on <strong>${D.en}</strong>; students who have not yet submitted a photo, please do so soon.</p><p>2. Students of Jiangsu universities: please phone customer service first to confirm your school's arrangements.</p><p>3. This portal works in desktop browsers only.</p>`,
    sort: 1,
  },
  {
    type: 2,
    titleZh: `关于${Y}届毕业生图像采集工作的通知`,
    titleEn: `Notice on photo collection for the class of ${Y}`,
    contentZh: `<p>${Y}届毕业生学历图像采集工作已全面启动，个人提交每人次45元，付款后约15个工作日内寄出纸质照片。</p>`,
    contentEn: `<p>Collection for the class of ${Y} has started. Individual submission costs 45 yuan per person; paper photos are posted about 15 working days after payment.</p>`,
    sort: 1,
  },
  {
    type: 2,
    titleZh: '国庆假期客服时间调整',
    titleEn: 'Customer-service hours over the National Day holiday',
    contentZh: '<p>10月1日至10月7日客服暂停服务，期间提交的订单将于假期后第2个工作日起人工审核。</p>',
    contentEn: '<p>Customer service is closed from 1 to 7 October; orders placed then are reviewed from the 2nd working day after the holiday.</p>',
    sort: 2,
  },
  {
    type: 2,
    titleZh: '照片不合格退回说明',
    titleEn: 'Why a photo may be rejected',
    contentZh: '<p>背景不符、头部比例不当、经美颜修图或使用录取照片的，审核将退回，请按提示重新上传。</p>',
    contentEn: '<p>Photos with the wrong background, head size, retouching, or an admission photo are sent back at review; please upload a new one as prompted.</p>',
    sort: 3,
  },
];

const NEWS_TITLES: [string, string][] = [
  [`${Y}届毕业生图像采集工作启动`, `Photo collection for the class of ${Y} begins`],
  ['学历照片标准化处理流程说明', 'How graduation photos are standardised'],
  ['个人提交照片常见问题解答', 'Individual submission: frequently asked questions'],
  ['集中采集学校名单（第一批）公布', 'First list of schools with group collection published'],
  ['北京分公司开展校园集中采集', 'Beijing branch runs on-campus group sessions'],
  ['上海地区集中采集日程安排', 'Group collection schedule for Shanghai'],
  ['照片审核不通过的常见原因', 'Common reasons a photo fails review'],
  ['毕业照冲印服务上线', 'Graduation photo reprints now available'],
  ['关于防范冒充客服诈骗的提醒', 'Beware of fraudsters posing as customer service'],
  ['快递配送说明：统一使用EMS', 'Delivery: all orders are sent by EMS'],
  ['国际学生采集说明', 'Notes for international students'],
  ['江苏高校采集特别提示', 'Special note for Jiangsu universities'],
  ['广东地区集中采集点调整', 'Changes to collection points in Guangdong'],
  ['浙江大学集中采集顺利完成', 'Group collection at Zhejiang University completed'],
  ['中山大学集中采集安排', 'Group collection at Sun Yat-sen University'],
  ['复旦大学、上海交通大学采集通知', 'Collection notice for Fudan and Shanghai Jiao Tong'],
  ['清华大学毕业生图像采集通知', 'Collection notice for Tsinghua University graduates'],
  ['北京大学毕业生图像采集通知', 'Collection notice for Peking University graduates'],
  ['订单修改与退款规则说明', 'Rules for changing or refunding an order'],
  ['系统维护公告（11月15日凌晨）', 'Maintenance notice (early hours of 15 November)'],
  ['客服热线服务时间说明', 'Customer-service hotline hours'],
  ['如何查看订单制作进度', 'How to follow your order\'s production'],
  ['纸质照片邮寄时间说明', 'When paper photos are posted'],
  ['学信网学历照片上报说明', 'How photos are reported to the national student information site'],
];

export const DEMO_NEWS = NEWS_TITLES.map(([titleZh, titleEn], i) => {
  const external = i === 23;
  // The newest item a day old, then one every three days back.
  const day = new Date(Date.now() - (1 + i * 3) * 86_400_000);
  return {
    titleZh,
    titleEn,
    type: external ? 2 : 1,
    url: external ? 'https://www.chsi.com.cn/' : null,
    contentZh: external
      ? null
      : `<h3>${titleZh}</h3><p>为做好学历图像采集工作，现将有关事项通知如下：个人提交每人次45元，费用包含采集、照片制作、图像标准化处理、上报国家平台及快递费用。付款后约15个工作日内收到纸质照片；第2个工作日进行人工审核，3-5个工作日后可查看制作状态。</p><p>如有疑问，请联系客服或查阅<a href="/home/helpCenter">帮助中心</a>。</p>`,
    contentEn: external
      ? null
      : `<h3>${titleEn}</h3><p>Individual submission costs 45 yuan per person, covering collection, production, image standardisation, reporting to the national platform and express delivery. Paper photos arrive about 15 working days after payment; manual review happens on the 2nd working day and the production status can be seen after 3–5 working days.</p><p>Questions? Contact customer service or see the <a href="/home/helpCenter">help centre</a>.</p>`,
    publishedAt: day,
  };
});

export const DEMO_FORMS = [
  { fileNameZh: '学生信息采集登记表.csv', fileNameEn: 'Student registration form.csv', storageKey: 'seed/student-registration-form.csv', contentType: 'text/csv; charset=utf-8', sort: 1 },
  { fileNameZh: '集体采集报名汇总表.csv', fileNameEn: 'Group collection summary sheet.csv', storageKey: 'seed/collective-collection-summary.csv', contentType: 'text/csv; charset=utf-8', sort: 2 },
  { fileNameZh: '学生图像信息更换申请表.rtf', fileNameEn: 'Photo change application.rtf', storageKey: 'seed/photo-change-application.rtf', contentType: 'application/rtf', sort: 3 },
  { fileNameZh: '委托书.rtf', fileNameEn: 'Letter of authorisation.rtf', storageKey: 'seed/authorisation-letter.rtf', contentType: 'application/rtf', sort: 4 },
];

export const DEMO_FAQS = tableRows(['type', 'questionZh', 'questionEn', 'answerZh', 'answerEn'], [
  [1, '照片有什么要求？', 'What are the photo requirements?', `<p>480×640像素JPEG，背景为${BG.zh}，正面免冠，不得美颜修图。</p>`, `<p>A 480 × 640 pixel JPEG, background ${BG.en}, facing the camera bareheaded, not retouched.</p>`],
  [1, '可以使用录取照片吗？', 'Can I use my admission photo?', '<p>不可以。不得使用录取照片或其他资格证件照片。</p>', '<p>No. Neither the admission photo nor another qualification\'s photo may be used.</p>'],
  [1, '已采集过的照片可以更换吗？', 'Can I change a photo already collected?', '<p>需经学校同意，并填写《学生图像信息更换申请表》。</p>', '<p>Only with your school\'s permission, using the photo change application form.</p>'],
  [1, '手机可以提交照片吗？', 'Can I submit from my phone?', '<p>本平台仅支持电脑浏览器。</p>', '<p>The portal works in desktop browsers only.</p>'],
  [2, '个人提交收费多少？', 'How much does individual submission cost?', '<p>每人次45元，含采集、制作、标准化处理、上报及快递费用。</p>', '<p>45 yuan per person, covering collection, production, standardisation, reporting and delivery.</p>'],
  [2, '付款后多久能收到照片？', 'When will I receive my photos after paying?', '<p>约15个工作日；制作至少7个工作日，纸质照片约2周后从北京寄出。</p>', '<p>About 15 working days: production takes at least 7 working days and paper photos are posted from Beijing after about 2 weeks.</p>'],
  [2, '订单可以修改吗？', 'Can I change my order?', '<p>制作前可在订单详情中修改；进入制作后请致电客服。</p>', '<p>Before production you can edit it in the order details; after that please phone customer service.</p>'],
  [3, '收不到短信验证码怎么办？', 'I do not receive the SMS code', '<p>请确认手机号正确，60秒后可重新发送。</p>', '<p>Check the mobile number; you can resend after 60 seconds.</p>'],
  [3, '如何注销账户？', 'How do I deactivate my account?', '<p>在个人中心选择“注销账户”，按提示获取短信验证码后提交。</p>', '<p>In the personal centre choose “Deactivate”, request the SMS code and submit it.</p>'],
  [4, '冲印照片有背胶吗？', 'Do reprints have adhesive backing?', '<p>冲印照片无背胶。</p>', '<p>No, reprints have no adhesive backing.</p>'],
  [4, '使用哪家快递？', 'Which carrier delivers my photos?', '<p>统一使用EMS寄送，免快递费。</p>', '<p>All photos are sent by EMS, free of charge.</p>'],
  [4, '如何解绑学校与学号？', 'How do I unbind my school and student number?', '<p>在解绑页面提交申请，再致电客服审核，审核通过后可重新绑定。</p>', '<p>Apply on the unbind page, then phone customer service for review; after approval you can bind again.</p>'],
]);

export const DEMO_CENTRES = tableRows(['province', 'bofficeZh', 'bofficeEn', 'cperson', 'cpersonEn', 'ftelephone', 'addressZh', 'addressEn'], [
  ['北京市', '北京分公司', 'Beijing branch', '王老师', 'Teacher Wang', '010-63071234', '北京市西城区宣武门西大街57号', '57 Xuanwumen West Street, Xicheng District, Beijing'],
  ['天津市', '天津分公司', 'Tianjin branch', '李老师', 'Teacher Li', '022-23301234', '天津市和平区南京路112号', '112 Nanjing Road, Heping District, Tianjin'],
  ['上海市', '上海分公司', 'Shanghai branch', '陈老师', 'Teacher Chen', '021-63521234', '上海市黄浦区福州路88号', '88 Fuzhou Road, Huangpu District, Shanghai'],
  ['江苏省', '江苏分公司', 'Jiangsu branch', '周老师', 'Teacher Zhou', '025-84561234', '江苏省南京市鼓楼区北京西路15号', '15 Beijing West Road, Gulou District, Nanjing, Jiangsu'],
  ['浙江省', '浙江分公司', 'Zhejiang branch', '吴老师', 'Teacher Wu', '0571-87051234', '浙江省杭州市西湖区天目山路150号', '150 Tianmushan Road, Xihu District, Hangzhou, Zhejiang'],
  ['湖北省', '湖北分公司', 'Hubei branch', '刘老师', 'Teacher Liu', '027-87651234', '湖北省武汉市武昌区中南路99号', '99 Zhongnan Road, Wuchang District, Wuhan, Hubei'],
  ['湖北省', '武汉大学采集点', 'Wuhan University collection point', '赵老师', 'Teacher Zhao', '027-68751234', '湖北省武汉市武昌区八一路299号', '299 Bayi Road, Wuchang District, Wuhan, Hubei'],
  ['广东省', '广东分公司', 'Guangdong branch', '黄老师', 'Teacher Huang', '020-83561234', '广东省广州市越秀区东风中路437号', '437 Dongfeng Middle Road, Yuexiu District, Guangzhou, Guangdong'],
  ['广东省', '深圳采集点', 'Shenzhen collection point', '林老师', 'Teacher Lin', '0755-82101234', '广东省深圳市福田区深南中路2号', '2 Shennan Middle Road, Futian District, Shenzhen, Guangdong'],
  ['四川省', '四川分公司', 'Sichuan branch', '杨老师', 'Teacher Yang', '028-86121234', '四川省成都市青羊区人民南路一段86号', '86 Renmin South Road Section 1, Qingyang District, Chengdu, Sichuan'],
  ['陕西省', '陕西分公司', 'Shaanxi branch', '张老师', 'Teacher Zhang', '029-87281234', '陕西省西安市新城区东新街198号', '198 Dongxin Street, Xincheng District, Xi\'an, Shaanxi'],
  ['辽宁省', '辽宁分公司', 'Liaoning branch', '孙老师', 'Teacher Sun', '024-22851234', '辽宁省沈阳市和平区南京北街206号', '206 Nanjing North Street, Heping District, Shenyang, Liaoning'],
]).map((c) => ({
  ...c,
  whoursZh: '工作日 8:00-11:00，14:00-17:00',
  whoursEn: 'Workdays 8:00–11:00 and 14:00–17:00',
}));

export const DEMO_PAGES = [
  {
    key: 'aboutUs',
    titleZh: '关于我们',
    titleEn: 'About us',
    contentZh:
      '<p>学生图像采集平台由国家新闻图片机构承办，面向全国高校在校生与毕业生（含留学生）提供学历图像采集、标准化处理、上报全国高等教育学生信息网及照片冲印服务。</p><p>平台在全国设有分支机构与采集点，与高校合作开展集中采集，并为无法参加集中采集的同学提供线上个人提交服务。</p>',
    contentEn:
      '<p>The student photo portal is run by the national press photo agency. It serves students and graduates of Chinese universities, international students included: photo collection, standardisation, reporting to the national higher-education student information site, and prints.</p><p>Branch offices and collection points across the country run group sessions with schools, and students who cannot attend one can submit a photo online.</p>',
  },
  {
    key: 'copyRight',
    titleZh: '版权声明',
    titleEn: 'Copyright',
    contentZh:
      '<p>本网站所有内容（包括文字、图片、页面设计）版权归平台运营方所有，未经书面许可，任何单位和个人不得转载、复制或用于商业用途。</p><p>学生提交的个人图像仅用于学历图像采集与上报，平台依法保护个人信息安全。</p>',
    contentEn:
      '<p>All content of this site (text, images, page design) belongs to the portal\'s operator. It may not be reproduced, copied or used commercially without written permission.</p><p>Photos submitted by students are used only for collection and reporting; personal information is protected as the law requires.</p>',
  },
  {
    key: 'contactUs',
    titleZh: '联系我们',
    titleEn: 'Contact us',
    contentZh:
      '<p>地址：北京市西城区宣武门西大街57号</p><p>邮编：100803</p><p>客服电话：010-88888888、010-66666666（工作日 8:00-11:00，14:00-17:00）</p><p>电子邮箱：<a href="mailto:service@example.com">service@example.com</a></p>',
    contentEn:
      '<p>Address: 57 Xuanwumen West Street, Xicheng District, Beijing</p><p>Postcode: 100803</p><p>Customer service: 010-88888888, 010-66666666 (workdays 8:00–11:00 and 14:00–17:00)</p><p>E-mail: <a href="mailto:service@example.com">service@example.com</a></p>',
  },
];

/** Where the contact page's map is centred: the Beijing office. */
export const CONTACT_MAP = {
  lon: 116.3655,
  lat: 39.8995,
  zoom: 16,
  address: { zh: '北京市西城区宣武门西大街57号', en: '57 Xuanwumen West Street, Xicheng District, Beijing' },
};
