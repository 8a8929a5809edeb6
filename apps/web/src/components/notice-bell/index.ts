/**
 * The notices of the member (站内信): the desktop header's bell, the phone portal's bell (no
 * antd), the messages page and the personal centre's switches.
 */
export { NoticeBell } from './notice-bell.tsx';
export { PhoneNoticeBell } from './phone-notice-bell.tsx';
export { NoticePrefs } from './notice-prefs.tsx';
