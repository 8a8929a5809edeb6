/** Task order numbers begin with six zeros (the photo-download type rule of document 2, section 7). */
export const isTaskOrderNo = (orderNo: string) => orderNo.startsWith('000000');
