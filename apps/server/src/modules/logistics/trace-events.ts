/** Trace events staff actions write (opCode as the carriers' common codes; descriptions in Chinese as carriers send them). */
export const SHIP_EVENTS: Record<string, { opCode: string; opDesc: (carrier: string | null) => string } | undefined> = {
  ship: { opCode: '10', opDesc: (c) => `【${c ?? '快递'}】快件已揽收` },
  deliver: { opCode: '80', opDesc: () => '快件已签收，感谢使用' },
};
