import { z } from 'zod';

/**
 * The answers of the national-platform code calls (document 2, section 7): the server's response
 * schemas and the portal's types, one definition.
 */

/** POST /api/qrCode/getQrCode: the QR image to scan in the national app and its session key. */
export const qrCodeSchema = z.object({ imgBase64: z.string(), remarks: z.string(), expiresAt: z.string() });
export type QrCodeAnswer = z.infer<typeof qrCodeSchema>;

/** POST /api/img/decodeQrcode: the student a photographed collection code names. */
export const decodedCodeSchema = z.object({
  xm: z.string(),
  zjhm: z.string(),
  xh: z.string(),
  cjm: z.string(),
  yxdm: z.string(),
  schoolName: z.string(),
  xllbIndex: z.number(),
  education: z.number(),
  bh: z.string(),
  schoolIndex: z.number(),
  bizSerialNum: z.string(),
});
export type DecodedCode = z.infer<typeof decodedCodeSchema>;

/** POST /api/img/getStudentInfoByImg: the collection code and the school's active task, if any. */
export const studentByImageSchema = z.object({ cjm: z.string(), taskId: z.number().nullable() });
export type StudentByImage = z.infer<typeof studentByImageSchema>;
