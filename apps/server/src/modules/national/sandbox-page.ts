import type { NationalStudent } from '../../providers/national.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The sandbox "phone app" of the national student-information platform: the QR of
 * getQrCode opens it with the session; the student picks their record and confirms.
 * Plain HTML and a form post (no script), so it works under the strict CSP.
 */
export function sandboxAppPage(session: string, students: NationalStudent[], notice?: string): string {
  const rows = students
    .map(
      (s, i) => `<li><label><input type="radio" name="xh" value="${esc(s.xh)}" ${i === 0 ? 'required' : ''}>
        ${esc(s.xm)} · ${esc(s.xh)} · ${esc(s.schoolName)} (${esc(s.yxdm)})</label></li>`,
    )
    .join('\n');
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>学信网 App（沙箱） · National app (sandbox)</title>
<style>body{font-family:sans-serif;max-width:520px;margin:24px auto;padding:0 12px}li{list-style:none;margin:6px 0}
button{padding:8px 24px;font-size:16px}.notice{padding:8px;background:#f6ffed;border:1px solid #b7eb8f}</style></head>
<body><h1>学信网 App（沙箱）</h1><p>National student-information app (sandbox). 选择学生并确认授权 / choose the student and confirm.</p>
${notice ? `<p class="notice" role="status">${esc(notice)}</p>` : ''}
<form method="post" action="/sandbox/app/confirm">
<input type="hidden" name="session" value="${esc(session)}">
<fieldset><legend>学生 / Student</legend><ul>${rows}</ul></fieldset>
<button type="submit">确认授权 / Confirm</button></form></body></html>`;
}

export function sandboxDonePage(text: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>学信网 App（沙箱）</title></head>
<body><h1>学信网 App（沙箱）</h1><p role="status">${esc(text)}</p></body></html>`;
}
