// The student's order page: photos refused in review or sent back after approval, per person. Flat dotted keys, zh and en.
const zh: Record<string, string> = {
  'photoIssues.review.title': '以下人员的照片未通过审核，请更换照片后重新提交',
  'photoIssues.review.refuse': '{{name}}：{{reason}}',
  'photoIssues.review.reset': '{{name}}：照片已审核通过，但需要重新拍摄。原因：{{reason}}',
  'photoIssues.review.noReason': '未说明原因',
  'photoIssues.review.replace': '更换此照片',
  'photoIssues.review.free': '更换照片无需再次付费。',
};

const en: Record<string, string> = {
  'photoIssues.review.title': 'The photos of these persons were not accepted; replace them and submit the order again',
  'photoIssues.review.refuse': '{{name}}: {{reason}}',
  'photoIssues.review.reset': '{{name}}: the photo was approved but must be taken again. Reason: {{reason}}',
  'photoIssues.review.noReason': 'No reason given',
  'photoIssues.review.replace': 'Replace this photo',
  'photoIssues.review.free': 'Replacing a photo costs nothing extra.',
};

export default { zh, en };
