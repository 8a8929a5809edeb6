import ExcelJS from 'exceljs';
import { BULK_SHIP_MAX_ROWS } from '@portal/contract/bulk-shipping';
import { badRequest } from '../../http/errors.ts';

/** One data row of a carrier's file: its line (header = 1) and its cells by column. */
export interface FileRow {
  row: number;
  orderNo: string;
  waybillNo: string;
  carrier: string;
}

// Column headers as carriers' and staff's sheets word them.
const ORDER = ['订单编号', '订单号', 'orderno', 'order_no', 'order no', 'order'];
const WAYBILL = ['运单号', '快递单号', '物流单号', 'waybill', 'waybillno', 'waybill_no', 'tracking', 'trackingno'];
const CARRIER = ['快递公司', '物流公司', 'carrier', 'express'];

const norm = (v: string) =>
  v
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase();

/** The rows of a CSV text: quoted fields, doubled quotes, commas or tabs, CRLF or LF. */
export function parseCsv(text: string): string[][] {
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  const sep = first.includes('\t') && !first.includes(',') ? '\t' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === sep) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows;
}

/** A CSV's text: UTF-8, else GB18030 (what Excel in China saves a CSV as). */
function decodeCsv(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

async function xlsxRows(bytes: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw badRequest('logistics.bulk.unreadable');
  }
  const sheet = wb.worksheets[0];
  if (!sheet) throw badRequest('logistics.bulk.empty');
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (r, n) => {
    const cells: string[] = [];
    r.eachCell({ includeEmpty: true }, (c, col) => (cells[col - 1] = c.text ?? ''));
    rows[n - 1] = Array.from(cells, (v) => v ?? '');
  });
  return Array.from(rows, (r) => r ?? []);
}

/**
 * The data rows of a carrier's CSV or Excel (.xlsx) file, by its header row's columns (order number
 * and waybill number required, carrier optional). Any other file, a missing column, no rows or too
 * many is a 400 naming the rule.
 */
export async function readShippingFile(fileName: string, base64: string): Promise<FileRow[]> {
  const bytes = Buffer.from(base64, 'base64');
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  const isZip = bytes.subarray(0, 2).toString('latin1') === 'PK';
  let table: string[][];
  if (ext === 'xlsx' && isZip) table = await xlsxRows(bytes);
  else if (ext === 'csv' && !isZip && !bytes.includes(0)) table = parseCsv(decodeCsv(bytes));
  else throw badRequest('logistics.bulk.fileType');
  const headAt = table.findIndex((r) => r.some((c) => c.trim()));
  if (headAt < 0) throw badRequest('logistics.bulk.empty');
  const head = table[headAt]!.map(norm);
  const col = (names: string[]) => head.findIndex((h) => names.includes(h));
  const [o, w, c] = [col(ORDER), col(WAYBILL), col(CARRIER)];
  if (o < 0 || w < 0) throw badRequest('logistics.bulk.noHeader');
  const rows: FileRow[] = [];
  for (let i = headAt + 1; i < table.length; i++) {
    const r = table[i]!;
    if (!r.some((v) => v.trim())) continue;
    rows.push({
      row: i + 1,
      orderNo: (r[o] ?? '').trim(),
      waybillNo: (r[w] ?? '').trim(),
      carrier: c >= 0 ? (r[c] ?? '').trim() : '',
    });
  }
  if (!rows.length) throw badRequest('logistics.bulk.empty');
  if (rows.length > BULK_SHIP_MAX_ROWS) throw badRequest('logistics.bulk.tooMany', { max: BULK_SHIP_MAX_ROWS });
  return rows;
}
