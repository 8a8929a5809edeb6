import { describe, expect, it } from 'vitest';
import { CONSOLE_API, STAFF_ABILITIES } from '@portal/contract/staff-access';
import { canAccess, canAct, CONSOLE_ROUTES, may, PRODUCTION_QUEUES, routesFor } from './access.ts';

const route = (p: string) => CONSOLE_ROUTES.find((r) => r.path === p)!;

describe('console access', () => {
  it('lets an admin open everything and nobody without a session', () => {
    expect(routesFor({ role: 'admin' })).toHaveLength(CONSOLE_ROUTES.length);
    expect(routesFor(null)).toEqual([]);
  });
  it('limits each role to its screens', () => {
    expect(routesFor({ role: 'reviewer' }).map((r) => r.path)).toEqual([
      '/dashboard',
      '/orders',
      '/review',
      '/bindings',
      '/account',
    ]);
    expect(routesFor({ role: 'finance' }).map((r) => r.path)).toEqual([
      '/dashboard',
      '/orders',
      '/refunds',
      '/account',
    ]);
    expect(canAccess({ role: 'editor' }, route('/orders'))).toBe(false);
    expect(canAccess({ role: 'branch' }, route('/staff'))).toBe(false);
    expect(routesFor({ role: 'branch' }).map((r) => r.path)).toEqual([
      '/dashboard',
      '/orders',
      '/review',
      '/schools',
      '/export',
      '/account',
    ]);
    expect(routesFor({ role: 'production' }).map((r) => r.path)).toEqual([
      '/dashboard',
      '/orders',
      '/shipping',
      '/parcels',
      '/export',
      '/account',
    ]);
  });
  it('mirrors the server on order actions', () => {
    expect(canAct({ role: 'reviewer' }, 'approve')).toBe(true);
    expect(canAct({ role: 'reviewer' }, 'ship')).toBe(false);
    expect(canAct({ role: 'production' }, 'ship')).toBe(true);
    expect(canAct({ role: 'finance' }, 'approve')).toBe(false);
  });
  it('gives production one queue per production action, from the state the action starts at', () => {
    expect(PRODUCTION_QUEUES).toEqual([
      { action: 'produce', state: 120 },
      { action: 'ship', state: 130 },
      { action: 'deliver', state: 140 },
    ]);
  });
  it('never offers face photos to the content editor or finance', () => {
    expect(may({ role: 'editor' }, 'photos.view')).toBe(false);
    expect(may({ role: 'finance' }, 'photos.view')).toBe(false);
    for (const role of ['reviewer', 'production', 'branch', 'admin'] as const)
      expect(may({ role }, 'photos.view')).toBe(true);
  });
  it('reads the table the server guards with: every screen and route names a known ability', () => {
    for (const r of CONSOLE_ROUTES) expect(STAFF_ABILITIES).toHaveProperty([r.ability]);
    for (const a of Object.values(CONSOLE_API)) expect(STAFF_ABILITIES).toHaveProperty([a]);
    expect(routesFor({ role: 'editor' }).map((r) => r.path)).toEqual(['/dashboard', '/content', '/account']);
  });
});
