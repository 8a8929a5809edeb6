import { STAFF_ACTIONS, type StaffAction, type StaffMe } from '@portal/contract/console';
import { STAFF_TRANSITIONS } from '@portal/contract/order-states';
import { CONSOLE_PAGES, ORDER_ACTION_ABILITIES, staffMay, type StaffAbility } from '@portal/contract/staff-access';

/** A console screen: its path, its title key and the ability it needs (the contract's role table). */
export interface ConsoleRoute {
  path: string;
  titleKey: string;
  ability: StaffAbility;
}

/** The menu, in order: the contract's CONSOLE_PAGES, which the server's guards read too. */
export const CONSOLE_ROUTES: ConsoleRoute[] = CONSOLE_PAGES.map((p) => ({
  path: p.path,
  titleKey: `console.menu.${p.path.slice(1)}`,
  ability: p.ability,
}));

type Who = Pick<StaffMe, 'role'> | null | undefined;

/** Whether the logged-in staff member may do something (admin always; nobody without a session). */
export function may(staff: Who, ability: StaffAbility): boolean {
  return !!staff && staffMay(staff.role, ability);
}

export function canAccess(staff: Who, route: Pick<ConsoleRoute, 'ability'>): boolean {
  return may(staff, route.ability);
}

export function routesFor(staff: Who): ConsoleRoute[] {
  return CONSOLE_ROUTES.filter((r) => canAccess(staff, r));
}

/** Which order actions a role may take (the server checks the same table). */
export function canAct(staff: Who, action: StaffAction): boolean {
  return may(staff, 'orders.transition') && may(staff, ORDER_ACTION_ABILITIES[action]);
}

/**
 * The production screen's queues: one per production action (the role table's 'orders.produce'),
 * each listing the orders in the state that action starts from (the contract's transitions).
 */
export const PRODUCTION_QUEUES = STAFF_ACTIONS.filter((a) => ORDER_ACTION_ABILITIES[a] === 'orders.produce').map(
  (action) => ({ action, state: STAFF_TRANSITIONS[action].from[0] }),
);
