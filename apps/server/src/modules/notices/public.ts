/**
 * What other modules use of notices: one call inside the event's own transaction writes the
 * notice (see ARCHITECTURE.md, "Notices").
 */
export { enqueueNotice, type NoticeInput } from './enqueue.ts';
export {
  noticeNationalRefused,
  noticeParcelState,
  noticeRefund,
  noticeReviewRefused,
  noticeShipped,
  orderLink,
} from './events.ts';
export { runNoticeSender } from './sender.ts';
