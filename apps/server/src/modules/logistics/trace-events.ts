/** Trace events staff actions write (opCode as the carriers' common codes; descriptions in Chinese as carriers send them). */
export const SHIP_EVENTS: Record<string, { opCode: string; opDesc: (carrier: string | null) => string } | undefined> = {
  ship: { opCode: '10', opDesc: (c) => `【${c ?? '快递'}】快件已揽收` },
  deliver: { opCode: '80', opDesc: () => '快件已签收，感谢使用' },
};

/** Sandbox transit events after pick-up, shown once their time has come. */
export const SANDBOX_TRANSIT = [
  { afterMinutes: 1, opCode: '20', opDesc: '快件已发往目的地分拨中心' },
  { afterMinutes: 12 * 60, opCode: '30', opDesc: '快件已到达目的地分拨中心' },
  { afterMinutes: 24 * 60, opCode: '40', opDesc: '快件正在派送中' },
];
