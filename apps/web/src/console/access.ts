import type { StaffMe, StaffRoleName } from '@portal/contract/console';

/** A console route: its path, its title key and the roles that may open it (admin always). */
export interface ConsoleRoute {
  path: string;
  titleKey: string;
  roles: StaffRoleName[] | 'any';
}

/** Mirrors the server's route guards (config.staff of each /api/console route). */
export const CONSOLE_ROUTES: ConsoleRoute[] = [
  { path: '/dashboard', titleKey: 'console.menu.dashboard', roles: 'any' },
  { path: '/orders', titleKey: 'console.menu.orders', roles: ['reviewer', 'production', 'finance', 'branch'] },
  { path: '/review', titleKey: 'console.menu.review', roles: ['reviewer', 'branch'] },
  { path: '/shipping', titleKey: 'console.menu.shipping', roles: ['production'] },
  { path: '/refunds', titleKey: 'console.menu.refunds', roles: ['finance'] },
  { path: '/bindings', titleKey: 'console.menu.bindings', roles: ['reviewer'] },
  { path: '/content', titleKey: 'console.menu.content', roles: ['editor'] },
  { path: '/schools', titleKey: 'console.menu.schools', roles: ['branch'] },
  { path: '/export', titleKey: 'console.menu.export', roles: ['production', 'branch'] },
  { path: '/audit', titleKey: 'console.menu.audit', roles: ['admin'] },
  { path: '/staff', titleKey: 'console.menu.staff', roles: ['admin'] },
  { path: '/account', titleKey: 'console.menu.account', roles: 'any' },
];

export function canAccess(staff: Pick<StaffMe, 'role'> | null | undefined, route: Pick<ConsoleRoute, 'roles'>): boolean {
  if (!staff) return false;
  if (staff.role === 'admin') return true;
  return route.roles === 'any' || route.roles.includes(staff.role);
}

export function routesFor(staff: Pick<StaffMe, 'role'> | null | undefined): ConsoleRoute[] {
  return CONSOLE_ROUTES.filter((r) => canAccess(staff, r));
}

/** Which order actions a role may take (the server's ACTION_ROLES). */
export const ACTION_ROLES: Record<string, StaffRoleName[]> = {
  approve: ['reviewer', 'branch'],
  reject: ['reviewer', 'branch'],
  produce: ['production'],
  ship: ['production'],
  deliver: ['production'],
};
export function canAct(staff: Pick<StaffMe, 'role'> | null | undefined, action: string): boolean {
  return !!staff && (staff.role === 'admin' || (ACTION_ROLES[action] ?? []).includes(staff.role));
}
