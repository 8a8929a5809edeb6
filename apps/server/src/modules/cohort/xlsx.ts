import ExcelJS from 'exceljs';
import { COHORT_STATE_TEXT, type CohortRow } from '@portal/contract/cohort';
import { formatChinaTime } from '@portal/contract/time-format';

type Lang = 'zh' | 'en';

const HEADERS: Record<Lang, string[]> = {
  zh: ['学号', '姓名', '证件号码', '专业', '状态', '驳回原因', '订单编号', '更新时间'],
  en: ['Student number', 'Name', 'ID number', 'Major', 'State', 'Refusal reason', 'Order number', 'Updated'],
};

/**
 * A school's cohort as an Excel workbook (.xlsx), in the caller's language. ID numbers stay masked:
 * the file leaves the portal, so it holds nothing a school could not read on screen.
 */
export async function cohortWorkbook(title: string, rows: CohortRow[], lang: Lang): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(lang === 'zh' ? '采集进度' : 'Collection progress');
  sheet.addRow([title]).font = { bold: true, size: 13 };
  const head = sheet.addRow(HEADERS[lang]);
  head.font = { bold: true };
  for (const r of rows)
    sheet.addRow([
      r.studentId,
      r.name,
      r.idNumMask ?? '',
      r.major ?? '',
      COHORT_STATE_TEXT[r.state][lang],
      r.refuseReason?.[lang] ?? '',
      r.orderNo ?? '',
      r.updatedAt ? formatChinaTime(r.updatedAt) : '',
    ]);
  sheet.columns.forEach((c, i) => (c.width = [16, 12, 22, 20, 20, 30, 24, 18][i]));
  sheet.views = [{ state: 'frozen', ySplit: 2 }];
  return Buffer.from(await book.xlsx.writeBuffer());
}
