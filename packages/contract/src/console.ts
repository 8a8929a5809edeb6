import { z } from 'zod';

/** Shared shapes of the staff console (server schemas and web types). */
/** `school`: a school's own account, limited to the school codes an admin gives it (its cohort only). */
export const STAFF_ROLES = ['admin', 'reviewer', 'production', 'finance', 'editor', 'branch', 'school'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRoleName = z.infer<typeof staffRoleSchema>;

export const staffMeSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  branch: z.string().nullable(),
  /** A school account's school codes (yxdm); null for every other role. */
  schools: z.array(z.string()).nullable(),
  totp: z.boolean(),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

export const staffLoginBody = z.object({
  username: z.string().trim().min(1, 'console.usernameRequired'),
  password: z.string().min(1, 'console.passwordRequired'),
  totp: z.string().trim().optional(),
});
export type StaffLoginBody = z.infer<typeof staffLoginBody>;

export const staffUserSchema = staffMeSchema.extend({
  active: z.boolean(),
  createdAt: z.string(),
  /** Failed logins since the last success, and until when the account is locked (null: not locked now). */
  loginFailures: z.number(),
  lockedUntil: z.string().nullable(),
  /** A branch account's branch by name (from the collection centres), when one is known for the code. */
  branchName: z.object({ zh: z.string(), en: z.string() }).nullable().optional(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

export const staffSaveBody = z.object({
  id: z.number().int().optional(),
  username: z.string().trim().min(1, 'console.usernameRequired').max(40),
  name: z.string().trim().min(1).max(40),
  role: staffRoleSchema,
  branch: z.string().trim().max(40).nullable().optional(),
  /** A school account's schools: 5-digit national school codes (yxdm). */
  schools: z
    .array(
      z
        .string()
        .trim()
        .regex(/^\d{5}$/, 'console.schoolCodeFormat'),
    )
    .max(20)
    .optional(),
  password: z.string().min(8, 'console.passwordWeak').max(128).optional(),
  active: z.boolean().optional(),
});
export type StaffSaveBody = z.infer<typeof staffSaveBody>;

/** TOTP: six digits from an authenticator app (RFC 6238, 30 s steps, ±1 step accepted). */
export const TOTP_PENDING_MINUTES = 10;
export const totpCodeField = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'console.totpCodeFormat');

/** A pending enrolment of one's own account: shown once, active only after its first code. */
export const totpEnrolmentSchema = z.object({ uri: z.string(), expiresAt: z.string() });
export type TotpEnrolmentInfo = z.infer<typeof totpEnrolmentSchema>;

export const totpConfirmBody = z.object({ code: totpCodeField });
export type TotpConfirmBody = z.infer<typeof totpConfirmBody>;

/** Switching one's own TOTP off needs a current code or the password. */
export const totpDisableBody = z
  .object({ code: totpCodeField.optional(), password: z.string().min(1).max(128).optional() })
  .refine((b) => !!b.code || !!b.password, 'console.totpDisableProof');
export type TotpDisableBody = z.infer<typeof totpDisableBody>;

/** An admin clears another account's TOTP (a lost phone); its owner enrols again. */
export const totpResetBody = z.object({ id: z.number().int().positive() });

/** An admin lifts a staff account's lock-out after too many failed logins. */
export const staffUnlockBody = z.object({ id: z.number().int().positive() });

/** A console list's page and its size (20 rows unless asked, at most maxSize). */
export const pageQueryFields = (maxSize: number) => ({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(maxSize).default(20),
});

/** A day range (YYYY-MM-DD, Beijing) and a page: the console's searches share them. */
const dayField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional();
const dayRangeAndPage = { from: dayField, to: dayField, ...pageQueryFields(200) };

export const auditRowSchema = z.object({
  id: z.number(),
  actorKind: z.string(),
  actorId: z.number().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  targetKind: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export const auditQuery = z.object({
  actor: z.string().max(40).optional(),
  action: z.string().max(60).optional(),
  targetKind: z.string().max(20).optional(),
  targetId: z.string().max(40).optional(),
  ...dayRangeAndPage,
});
export type AuditQuery = z.input<typeof auditQuery>;

export const ORDER_KINDS = ['individual', 'reprint', 'task'] as const;

export const orderSearchQuery = z.object({
  q: z.string().trim().max(60).optional(),
  orderNo: z.string().trim().max(40).optional(),
  name: z.string().trim().max(40).optional(),
  mobile: z.string().trim().max(20).optional(),
  idNumber: z.string().trim().max(40).optional(),
  school: z.string().trim().max(60).optional(),
  state: z.coerce.number().int().optional(),
  states: z
    .string()
    .regex(/^\d{3}(,\d{3})*$/)
    .optional(),
  kind: z.enum(ORDER_KINDS).optional(),
  ...dayRangeAndPage,
});
export type OrderSearchQuery = z.input<typeof orderSearchQuery>;

export const orderRowSchema = z.object({
  id: z.number(),
  orderNo: z.string(),
  kind: z.enum(ORDER_KINDS),
  state: z.number(),
  totalFen: z.number(),
  names: z.string(),
  persons: z.number(),
  schoolName: z.string().nullable(),
  mobile: z.string().nullable(),
  fy: z.string().nullable(),
  /** The branch's name (from the collection centres), when one is known for the code. */
  fyName: z.object({ zh: z.string(), en: z.string() }).nullable().optional(),
  shippingTypeName: z.string().nullable(),
  shippingOrderNo: z.string().nullable(),
  shippingReceiveName: z.string().nullable(),
  shippingReceiveMobile: z.string().nullable(),
  shippingAddress: z.string().nullable(),
  payTime: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderRow = z.infer<typeof orderRowSchema>;

export const pageOf = <T extends z.ZodType>(row: T) => z.object({ total: z.number(), rows: z.array(row) });

export const photoViewSchema = z.object({
  id: z.number(),
  url: z.string().nullable(),
  passed: z.boolean(),
  checkResult: z.unknown(),
  /** The machine corrected the upload (framing, background) and the member chose it; the original is at /api/console/photos/:id/original. */
  autoCorrected: z.boolean().optional(),
});

export const personSchema = z.object({
  id: z.number(),
  name: z.string(),
  idNumMask: z.string().nullable(),
  mobile: z.string().nullable(),
  mail: z.string().nullable(),
  schoolName: z.string().nullable(),
  yxdm: z.string().nullable(),
  studentId: z.string().nullable(),
  education: z.number().nullable(),
  major: z.string().nullable(),
  fy: z.string().nullable(),
  photo: photoViewSchema.nullable(),
  /** The earlier photo or the national record's photo, with the face distance (smaller is closer). */
  compare: z
    .object({
      source: z.enum(['earlier', 'national']),
      url: z.string().nullable(),
      distance: z.number().nullable(),
      same: z.boolean().nullable(),
    })
    .nullable(),
  /** Other students (another ID number) whose photo shows the same face, on this order or another of the member's (orderNo then). */
  sameFace: z.array(z.object({ name: z.string(), orderNo: z.string().nullable() })),
});
export type Person = z.infer<typeof personSchema>;

export const orderPageSchema = z.object({
  order: orderRowSchema.extend({
    refuseReason: z.string().nullable(),
    shippingProvinceName: z.string().nullable(),
    shippingCityName: z.string().nullable(),
    shippingDistrictName: z.string().nullable(),
    unitPriceFen: z.number(),
    payType: z.number().nullable(),
  }),
  persons: z.array(personSchema),
  payments: z.array(
    z.object({
      paymentNo: z.string(),
      provider: z.string(),
      amountFen: z.number(),
      state: z.string(),
      paidAt: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  refunds: z.array(
    z.object({
      id: z.number(),
      refundNo: z.string(),
      amountFen: z.number(),
      status: z.number(),
      reason: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  trace: z.array(z.object({ opCode: z.string(), opTime: z.string(), opDesc: z.string() })),
  audit: z.array(auditRowSchema),
});
export type OrderPage = z.infer<typeof orderPageSchema>;

export const reviewItemSchema = z.object({
  order: orderRowSchema,
  persons: z.array(personSchema),
  waitingSince: z.string(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const STAFF_ACTIONS = ['approve', 'reject', 'produce', 'ship', 'deliver'] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/** Reject reasons offered in the review queue (a typed reason is also accepted). */
export const REJECT_REASONS = [
  { zh: '照片背景不符合要求', en: 'The background does not meet the requirements' },
  { zh: '照片不清晰', en: 'The photo is not sharp' },
  { zh: '头部位置或大小不符合要求', en: 'The head position or size does not meet the requirements' },
  { zh: '照片与本人不符', en: 'The photo does not show this person' },
  { zh: '佩戴眼镜反光或遮挡面部', en: 'Glasses reflect or the face is covered' },
  { zh: '照片经过美颜或修饰', en: 'The photo was beautified or retouched' },
] as const;

export const transitionBody = z.object({
  ids: z.array(z.number().int()).min(1, 'console.selectOrders').max(200),
  action: z.enum(STAFF_ACTIONS),
  reason: z.string().trim().max(200).optional(),
  carrier: z.string().trim().max(40).optional(),
  /**
   * The photo ids the reviewer was shown (approve / reject from the queue). When a line now
   * holds another photo, the member changed it meanwhile and the review is refused.
   */
  seenPhotoIds: z.array(z.number().int()).max(6000).optional(),
  /** One waybill per id, in the order of ids (ship). */
  waybillNos: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9-]{4,40}$/, 'console.waybillRequired'),
    )
    .optional(),
});
export type TransitionBody = z.infer<typeof transitionBody>;

export const bindingRowSchema = z.object({
  id: z.number(),
  memberMobile: z.string().nullable(),
  memberName: z.string().nullable(),
  yxdm: z.string(),
  schoolName: z.string().nullable(),
  studentId: z.string(),
  state: z.number(),
  updatedAt: z.string(),
});
export type BindingRow = z.infer<typeof bindingRowSchema>;

export const dashboardSchema = z.object({
  byState: z.array(z.object({ kind: z.string(), state: z.number(), count: z.number() })),
  todayPayments: z.object({ count: z.number(), amountFen: z.number() }),
  todayRefunds: z.object({ count: z.number(), amountFen: z.number() }),
  reviewBacklog: z.object({ count: z.number(), oldest: z.string().nullable() }),
  failingItems: z.array(z.object({ item: z.string(), count: z.number() })),
  /** The caller's own review decisions (per person): last hour, today, and today's per-hour rate. */
  reviewPace: z.object({ lastHour: z.number(), today: z.number(), perHourToday: z.number() }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const traceItemSchema = z.object({ opCode: z.string(), opTime: z.string(), opDesc: z.string() });
export type TraceItem = z.infer<typeof traceItemSchema>;

/** Content the console edits: each type's fields, one descriptor list for the server's checks and the web's form. */
/** `link`: an address a reader opens, http or https only (links.ts). */
export type ContentFieldKind = 'text' | 'textarea' | 'html' | 'int' | 'bool' | 'link';
export interface ContentField {
  name: string;
  kind: ContentFieldKind;
  required?: boolean;
  /** Shown in the list table. */
  list?: boolean;
}
const f = (name: string, kind: ContentFieldKind, required = false, list = false): ContentField => ({
  name,
  kind,
  required,
  list,
});
export const CONTENT_TYPES = {
  banners: [
    f('titleZh', 'text', false, true),
    f('titleEn', 'text', false, true),
    f('picUrl', 'text', true),
    f('type', 'int', true, true),
    f('url', 'link'),
    f('contentZh', 'html'),
    f('contentEn', 'html'),
    f('sort', 'int', false, true),
    f('active', 'bool', false, true),
  ],
  notices: [
    f('type', 'int', true, true),
    f('titleZh', 'text', false, true),
    f('titleEn', 'text', false, true),
    f('contentZh', 'html', true),
    f('contentEn', 'html', true),
    f('sort', 'int', false, true),
    f('active', 'bool', false, true),
  ],
  news: [
    f('titleZh', 'text', true, true),
    f('titleEn', 'text', true, true),
    f('type', 'int', true, true),
    f('url', 'link'),
    f('contentZh', 'html'),
    f('contentEn', 'html'),
    f('active', 'bool', false, true),
  ],
  faqs: [
    f('type', 'int', false, true),
    f('questionZh', 'text', true, true),
    f('questionEn', 'text', true, true),
    f('answerZh', 'html', true),
    f('answerEn', 'html', true),
    f('sort', 'int', false, true),
  ],
  collectionCentres: [
    f('province', 'text', true, true),
    f('bofficeZh', 'text', true, true),
    f('bofficeEn', 'text', true),
    f('cperson', 'text', true, true),
    f('cpersonEn', 'text'),
    f('ftelephone', 'text', true, true),
    f('addressZh', 'text', true),
    f('addressEn', 'text', true),
    f('whoursZh', 'text', true),
    f('whoursEn', 'text', true),
    f('sort', 'int', false, true),
  ],
  staticPages: [
    f('key', 'text', true, true),
    f('titleZh', 'text', true, true),
    f('titleEn', 'text', true, true),
    f('contentZh', 'html', true),
    f('contentEn', 'html', true),
  ],
} as const satisfies Record<string, ContentField[]>;
export type ContentType = keyof typeof CONTENT_TYPES;
export const CONTENT_TYPE_NAMES = Object.keys(CONTENT_TYPES) as ContentType[];

export const consoleSettingsSchema = z.object({
  maintenance: z.object({ on: z.boolean(), zh: z.string().trim().max(500), en: z.string().trim().max(500) }),
  servicePhones: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[0-9+\-() ]{5,20}$/, 'phone.invalid'),
    )
    .min(1)
    .max(5),
});
export type ConsoleSettings = z.infer<typeof consoleSettingsSchema>;

/** Downloadable forms (portal forms page): an uploaded file or an external link. */
export const FORM_FILE_MAX_MB = 20;
export const FORM_FILE_MAX_BYTES = FORM_FILE_MAX_MB * 1024 * 1024;
/** Accepted extensions; the server also checks each file's first bytes. */
export const FORM_FILE_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'zip',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
] as const;

export const consoleFormSchema = z.object({
  id: z.number(),
  fileNameZh: z.string(),
  fileNameEn: z.string(),
  sort: z.number(),
  url: z.string().nullable(),
  hasFile: z.boolean(),
  originalName: z.string().nullable(),
  size: z.number().nullable(),
  contentType: z.string(),
  downloadUrl: z.string(),
  updatedAt: z.string(),
});
export type ConsoleForm = z.infer<typeof consoleFormSchema>;

/** The text fields of a form save (multipart fields, so numbers arrive as strings); the file is the part `file`. */
export const formSaveFields = z.object({
  id: z.coerce.number().int().positive().optional(),
  fileNameZh: z.string().trim().min(1, 'content.formNameZhRequired').max(100),
  fileNameEn: z.string().trim().min(1, 'content.formNameEnRequired').max(200),
  sort: z.coerce.number().int().min(0).max(10_000).default(0),
  url: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || /^https?:\/\/[^\s<>"]+$/i.test(v), 'content.formUrlInvalid')
    .optional(),
});
export type FormSaveFields = z.input<typeof formSaveFields>;

/** A photo report run to the national platform: a school or a date range, sent in batches. */
export const nationalReportBody = z.object({
  yxdm: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'school.chooseFromList')
    .optional(),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
export type NationalReportBody = z.infer<typeof nationalReportBody>;

export const REPORT_STATUSES = ['pending', 'accepted', 'rejected', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const nationalReportJobSchema = z.object({
  id: z.number(),
  state: z.enum(['running', 'done']),
  scope: nationalReportBody,
  total: z.number(),
  accepted: z.number(),
  rejected: z.number(),
  failed: z.number(),
  pending: z.number(),
  calls: z.number(),
  failedCalls: z.number(),
  lastError: z.string().nullable(),
  staffName: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type NationalReportJob = z.infer<typeof nationalReportJobSchema>;

export const nationalReportItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  yxdm: z.string().nullable(),
  schoolName: z.string().nullable(),
  studentId: z.string().nullable(),
  idNumMask: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  /** The platform's reason code (ID_UNKNOWN, PHOTO_SIZE, PHOTO_FORMAT, PHOTO_MISSING) or its text. */
  reason: z.string().nullable(),
  attempts: z.number(),
  reportedAt: z.string().nullable(),
});
export type NationalReportItem = z.infer<typeof nationalReportItemSchema>;

/** A centralised-collection task as staff save it (console tasks page). */
export const consoleTaskBody = z.object({
  id: z.number().int().optional(),
  yxdm: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'school.chooseFromList'),
  featureCode: z.string().trim().min(1, 'task.featureCodeRequired').max(20),
  nameZh: z.string().trim().min(1).max(100),
  nameEn: z.string().trim().min(1).max(200),
  priceFen: z.number().int().min(0).max(100_000),
  endTime: z.iso.datetime({ offset: true }),
  mosaic: z.boolean(),
  /** The photo must be taken live with the camera capture (no file from the album). */
  captureOnly: z.boolean().default(false),
  fy: z.string().trim().min(1).max(40),
  active: z.boolean(),
});
export type ConsoleTaskBody = z.infer<typeof consoleTaskBody>;

/** A task as the console lists it. */
export const consoleTaskRowSchema = consoleTaskBody.extend({
  id: z.number(),
  endTime: z.string(),
  schoolName: z.string().nullable().optional(),
  /** The branch's name (from the collection centres), when one is known for the code. */
  fyName: z.object({ zh: z.string(), en: z.string() }).nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConsoleTaskRow = z.infer<typeof consoleTaskRowSchema>;

/** POST /api/console/schools/:yxdm/branch: the branch serving a school ('' or null: none). */
export const schoolBranchBody = z.object({
  fy: z
    .string()
    .trim()
    .max(40, 'task.branchInvalid')
    .regex(/^[\w-]*$/, 'task.branchInvalid')
    .nullable(),
});

/** A school in the console's school list (GET /api/console/schools). */
export const consoleSchoolRowSchema = z.object({
  yxdm: z.string(),
  name: z.string(),
  province: z.string().nullable(),
  level: z.string().nullable(),
  testPoint: z.number(),
  /** The branch office serving the school (school_branches); its tasks are that branch's only. */
  fy: z.string().nullable(),
  /** The branch's name (from the collection centres), when one is known for the code. */
  fyName: z.object({ zh: z.string(), en: z.string() }).nullable().optional(),
});
export type ConsoleSchoolRow = z.infer<typeof consoleSchoolRowSchema>;
