import { describe, expect, it } from '@jest/globals';
import { MENU, ROUTES, routeAt, titleFor } from './resources.js';
import { allows } from '@coop/contracts/console';

/** A path of the route's pattern with every parameter filled in. */
const example = (pattern: string) => pattern.replace(/:[a-z]+\?/gi, 'x1').replace(/:[a-z]+/gi, 'x1');

describe('the resource registry', () => {
  it('opens every route at its own path (a fixed path is not shadowed by a parameter before it)', () => {
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    for (const route of ROUTES)
      expect([route.path, routeAt(example(route.path))?.route.path]).toEqual([route.path, route.path]);
  });

  it('keeps the routes of SPEC 2 with their titles', () => {
    const titles: Array<[string, string]> = [
      ['/', 'coop.title.dashboard'],
      ['/login', 'coop.title.login'],
      ['/logout', 'coop.title.logout'],
      ['/users', 'coop.title.users'],
      ['/users/new', 'coop.title.newUser'],
      ['/users/3f2a', 'coop.title.users'],
      ['/cooperative', 'coop.title.cooperative'],
      ['/cooperative/c1', 'coop.title.cooperative'],
      ['/administration', 'coop.title.administration'],
      ['/administration/import', 'coop.title.memberImport'],
      ['/elma-number/new', 'coop.title.newElmaNumber'],
      ['/elma-number/e1', 'coop.title.elmaNumber'],
      ['/members', 'coop.title.members'],
      ['/members/new', 'coop.title.newMember'],
      ['/members/m1', 'coop.title.memberEdit'],
      ['/members/m1/edit', 'coop.title.memberEdit'],
      ['/member/m1', 'coop.title.memberDashboard'],
      ['/balances', 'coop.title.balances'],
      ['/balances/new/type/5/peer/b1', 'coop.title.annulBalance'],
      ['/balances/new/type/3/member/m1', 'coop.title.newPosting'],
      ['/balances/b1', 'coop.title.balance'],
      ['/shares', 'coop.title.shares'],
      ['/shares/s1', 'coop.title.share'],
      ['/exemption-orders', 'coop.title.exemptionOrders'],
      ['/exemption-orders/new/member/m1', 'coop.title.newExemptionOrder'],
      ['/exemption-orders/o1', 'coop.title.exemptionOrder'],
      ['/non-assessments', 'coop.title.nonAssessments'],
      ['/non-assessments/new/member/m1', 'coop.title.newNonAssessment'],
      ['/non-assessment/n1', 'coop.title.nonAssessment'],
      ['/dividend/calculator', 'coop.title.dividendCalculator'],
      ['/dividend/annualClosure', 'coop.title.annualClosure'],
      ['/dividend/closures', 'coop.title.dividendClosures'],
      ['/dividend/closures/d1', 'coop.title.dividendClosures'],
      ['/dividend/fsak/d1', 'coop.title.fsak'],
      ['/dashboard/kistam', 'coop.title.kistam'],
      ['/notifications', 'coop.title.notifications'],
      ['/notifications/n1', 'coop.title.notifications'],
      ['/tasks', 'coop.title.tasks'],
      ['/nowhere', 'coop.title.notFound'],
    ];
    expect(titles.map(([path]) => [path, titleFor(path)])).toEqual(titles);
  });

  it('asks the one matrix for each restricted screen: users with users:read (ROLE_EDIT_USERS too), the share register with shares:read', () => {
    expect(routeAt('/users/new')?.route.permission).toBe('users:read');
    expect(routeAt('/shares')?.route.permission).toBe('shares:read');
    expect(routeAt('/shares/s1')?.route.permission).toBe('shares:read');
    expect(routeAt('/administration/import')?.route.permission).toBe('import:write');
    expect(routeAt('/dividend/calculator')?.route.permission).toBe('dividend:close');
    expect(routeAt('/members/m1')?.route.permission).toBe('members:read');
    // Open to every signed-in user: the administration page and the cooperative (each card and button asks itself).
    const open = ROUTES.filter((r) => !r.permission).map((r) => r.path);
    expect(open).toEqual(['/administration', '/cooperative', '/cooperative/:id']);
    const opens = (roles: string[], path: string) => {
      const permission = routeAt(path)?.route.permission;
      return !permission || allows(roles, permission);
    };
    expect(opens(['ROLE_EDIT_USERS'], '/users/u1')).toBe(true);
    expect(opens(['ROLE_EDIT_USERS'], '/members')).toBe(false);
    expect(opens(['ROLE_ADMIN'], '/shares')).toBe(false);
    expect(opens(['ROLE_RESTRICTED_USER'], '/dividend/closures')).toBe(true);
    expect(opens(['ROLE_RESTRICTED_USER'], '/dividend/calculator')).toBe(false);
  });

  it('shows one form for a new and an existing record (no remount when a created record gets its id)', () => {
    expect(routeAt('/members/new')?.route.screen).toBe(routeAt('/members/m1')?.route.screen);
    expect(routeAt('/exemption-orders/new/member/m1')?.route.screen).toBe(
      routeAt('/exemption-orders/o1')?.route.screen,
    );
    expect(routeAt('/members/m1/edit')?.route.screen).not.toBe(routeAt('/members/m1')?.route.screen);
  });

  it('keeps the menu in the spec order, with the permissions of its entries', () => {
    expect(MENU.map((m) => [m.testId, m.path, m.label, m.permission ?? null])).toEqual([
      ['menu-members', '/members', 'coop.menu.members', 'members:read'],
      ['menu-balances', '/balances', 'coop.menu.balances', 'members:read'],
      ['menu-shares', '/shares', 'coop.menu.shares', 'shares:read'],
      ['menu-exemption-orders', '/exemption-orders', 'coop.menu.exemptionOrders', 'taxpapers:read'],
      ['menu-non-assessments', '/non-assessments', 'coop.menu.nonAssessments', 'taxpapers:read'],
      ['menu-administration', '/administration', 'coop.menu.administration', null],
      ['menu-users', '/users', 'coop.menu.users', 'users:read'],
    ]);
  });
});
