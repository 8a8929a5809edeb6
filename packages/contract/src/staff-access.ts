import type { StaffAction, StaffRoleName } from './console.ts';

/**
 * Who may do what in the staff console: the one table read by the server's guard (every
 * /api/console route), by the console's menus and by the authorization test generated from it.
 *
 * To add a console route: add one line to CONSOLE_API below ('METHOD /path' as Fastify spells it,
 * `:param` included) naming an ability; add an ability here only when no existing one fits.
 * Admin may always do everything; 'any' is every logged-in staff member. A branch account is
 * further limited to its own branch by the route's own query (orders-repo branchScope).
 */
export const STAFF_ABILITIES = {
  /** Own session, dashboard, own two-step verification. */
  'console.use': 'any',
  'orders.read': ['reviewer', 'production', 'finance', 'branch'],
  'orders.review': ['reviewer', 'branch'],
  /** The transition route; which action each role may take is ORDER_ACTION_ABILITIES. */
  'orders.transition': ['reviewer', 'production', 'branch'],
  'orders.produce': ['production'],
  /** Students' face photos: bytes and the photo URLs on order pages. Never editor or finance. */
  'photos.view': ['reviewer', 'production', 'branch'],
  'refunds.decide': ['finance'],
  'bindings.review': ['reviewer'],
  'content.edit': ['editor'],
  'schools.tasks': ['branch'],
  'schools.manage': [],
  'national.export': ['production', 'branch'],
  /** A school's own cohort against the national list, its export and its collection entry. */
  'schools.cohort': ['school'],
  'staff.manage': [],
  'audit.read': [],
} as const satisfies Record<string, readonly StaffRoleName[] | 'any'>;

export type StaffAbility = keyof typeof STAFF_ABILITIES;

/** Every console API route and the ability it needs. Login is the one console route without a session. */
export const CONSOLE_API = {
  'POST /api/console/logout': 'console.use',
  'GET /api/console/me': 'console.use',
  'GET /api/console/dashboard': 'console.use',
  'POST /api/console/me/totp/start': 'console.use',
  'POST /api/console/me/totp/confirm': 'console.use',
  'POST /api/console/me/totp/disable': 'console.use',

  'GET /api/console/orders': 'orders.read',
  'GET /api/console/orders/:id': 'orders.read',
  'GET /api/console/review': 'orders.review',
  'POST /api/console/review/claim': 'orders.review',
  'POST /api/console/review/decide': 'orders.review',
  'POST /api/console/review/reset': 'orders.review',
  'POST /api/console/orders/transition': 'orders.transition',
  'GET /api/console/packing-list': 'orders.produce',
  'GET /api/console/parcels/problems': 'orders.produce',
  'POST /api/console/parcels/:id/refresh': 'orders.produce',
  'POST /api/console/shipping/bulk': 'orders.produce',
  'GET /api/console/orders/:id/notices': 'orders.read',
  'POST /api/console/notices/:id/resend': 'orders.read',
  'GET /api/console/notices/overview': 'orders.read',
  'GET /api/console/photos/:id': 'photos.view',
  'GET /api/console/photos/:id/original': 'photos.view',

  'GET /api/console/refunds': 'refunds.decide',
  'POST /api/console/refunds/:id/approve': 'refunds.decide',
  'POST /api/console/refunds/:id/refuse': 'refunds.decide',

  'GET /api/console/bindings': 'bindings.review',
  'POST /api/console/bindings/:id/approve': 'bindings.review',
  'POST /api/console/bindings/:id/refuse': 'bindings.review',
  'GET /api/console/binding-disputes': 'bindings.review',
  'POST /api/console/binding-disputes/:id/resolve': 'bindings.review',

  'GET /api/console/content/:type': 'content.edit',
  'POST /api/console/content/:type': 'content.edit',
  'POST /api/console/content/:type/delete': 'content.edit',
  'GET /api/console/settings': 'content.edit',
  'POST /api/console/settings': 'content.edit',
  'GET /api/console/forms': 'content.edit',
  'POST /api/console/forms': 'content.edit',
  'POST /api/console/forms/delete': 'content.edit',
  'POST /api/console/content-image': 'content.edit',

  'GET /api/console/schools': 'schools.tasks',
  'GET /api/console/tasks': 'schools.tasks',
  'POST /api/console/tasks': 'schools.tasks',
  'POST /api/console/schools/import': 'schools.manage',
  'POST /api/console/schools/:yxdm/pilot': 'schools.manage',
  'POST /api/console/schools/:yxdm/branch': 'schools.manage',

  'GET /api/console/national-export': 'national.export',
  'POST /api/console/national-export': 'national.export',
  'GET /api/console/national-report': 'national.export',
  'POST /api/console/national-report': 'national.export',
  'GET /api/console/national-report/:id/items': 'national.export',
  'GET /api/console/national-export/:id/left-out': 'national.export',
  'GET /api/console/national-export/:id/link': 'national.export',

  'GET /api/console/cohort/tasks': 'schools.cohort',
  'GET /api/console/cohort': 'schools.cohort',
  'POST /api/console/cohort/export': 'schools.cohort',
  'GET /api/console/cohort/entry': 'schools.cohort',
  'POST /api/console/cohort/reset': 'schools.cohort',

  'GET /api/console/staff': 'staff.manage',
  'POST /api/console/staff': 'staff.manage',
  'POST /api/console/staff/totp-reset': 'staff.manage',
  'POST /api/console/staff/unlock': 'staff.manage',
  'GET /api/console/audit': 'audit.read',
} as const satisfies Record<string, StaffAbility>;

/** Console routes answered without a staff session. */
export const CONSOLE_PUBLIC = ['POST /api/console/login'] as const;

/**
 * Order transitions by action: the transition route checks the body's action against these, the
 * console offers only the actions they allow, and its production tabs are the 'orders.produce' ones.
 */
export const ORDER_ACTION_ABILITIES: Record<StaffAction, StaffAbility> = {
  approve: 'orders.review',
  reject: 'orders.review',
  produce: 'orders.produce',
  ship: 'orders.produce',
  deliver: 'orders.produce',
};

/** The console's screens (menu entries) and the ability each needs. */
export const CONSOLE_PAGES = [
  { path: '/dashboard', ability: 'console.use' },
  { path: '/orders', ability: 'orders.read' },
  { path: '/review', ability: 'orders.review' },
  { path: '/shipping', ability: 'orders.produce' },
  { path: '/parcels', ability: 'orders.produce' },
  { path: '/refunds', ability: 'refunds.decide' },
  { path: '/bindings', ability: 'bindings.review' },
  { path: '/content', ability: 'content.edit' },
  { path: '/schools', ability: 'schools.tasks' },
  { path: '/export', ability: 'national.export' },
  { path: '/cohort', ability: 'schools.cohort' },
  { path: '/audit', ability: 'audit.read' },
  { path: '/staff', ability: 'staff.manage' },
  { path: '/account', ability: 'console.use' },
] as const satisfies readonly { path: string; ability: StaffAbility }[];

/** Whether a role may do something (admin always). */
export function staffMay(role: StaffRoleName, ability: StaffAbility): boolean {
  if (role === 'admin') return true;
  const roles: readonly StaffRoleName[] | 'any' = STAFF_ABILITIES[ability];
  return roles === 'any' || roles.includes(role);
}

/** The ability a console route needs: `METHOD /path` as registered; undefined for a route not in the table. */
export function consoleRouteAbility(method: string, url: string): StaffAbility | undefined {
  return (CONSOLE_API as Record<string, StaffAbility>)[`${method.toUpperCase()} ${url}`];
}
