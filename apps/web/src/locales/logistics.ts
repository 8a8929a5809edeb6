// Messages of the logistics feature, flat dotted keys, zh and en.
const zh: Record<string, string> = {};

const en: Record<keyof typeof zh, string> = {};

export default { zh, en };
