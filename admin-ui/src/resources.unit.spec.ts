import { describe, expect, it } from '@jest/globals';
import { MENU, ROUTES, routeAt, titleFor } from './resources.js';

/** A path of the route's pattern with every parameter filled in. */
const example = (pattern: string) => pattern.replace(/:[a-z]+\?/gi, 'x1').replace(/:[a-z]+/gi, 'x1');

describe('the resource registry', () => {
  it('opens every route at its own path (a fixed path is not shadowed by a parameter before it)', () => {
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    for (const route of ROUTES) expect([route.path, routeAt(example(route.path))?.route.path]).toEqual([route.path, route.path]);
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

  it('restricts the users and the import to administrators and the share register to super administrators', () => {
    expect(routeAt('/users/new')?.route.role).toBe('ROLE_ADMIN');
    expect(routeAt('/shares')?.route.role).toBe('ROLE_SUPER_ADMIN');
    expect(routeAt('/shares/s1')?.route.role).toBe('ROLE_SUPER_ADMIN');
    const restricted = ROUTES.filter((r) => r.role).map((r) => r.path);
    expect(restricted).toEqual(['/shares', '/shares/:id', '/users/:id?', '/administration/import']);
    expect(routeAt('/administration/import')?.route.role).toBe('ROLE_ADMIN');
  });

  it('shows one form for a new and an existing record (no remount when a created record gets its id)', () => {
    expect(routeAt('/members/new')?.route.screen).toBe(routeAt('/members/m1')?.route.screen);
    expect(routeAt('/exemption-orders/new/member/m1')?.route.screen).toBe(routeAt('/exemption-orders/o1')?.route.screen);
    expect(routeAt('/members/m1/edit')?.route.screen).not.toBe(routeAt('/members/m1')?.route.screen);
  });

  it('keeps the menu in the spec order, with the roles of its entries', () => {
    expect(MENU.map((m) => [m.testId, m.path, m.label, m.role ?? null])).toEqual([
      ['menu-members', '/members', 'coop.menu.members', null],
      ['menu-balances', '/balances', 'coop.menu.balances', null],
      ['menu-shares', '/shares', 'coop.menu.shares', 'ROLE_SUPER_ADMIN'],
      ['menu-exemption-orders', '/exemption-orders', 'coop.menu.exemptionOrders', null],
      ['menu-non-assessments', '/non-assessments', 'coop.menu.nonAssessments', null],
      ['menu-administration', '/administration', 'coop.menu.administration', null],
      ['menu-users', '/users', 'coop.menu.users', 'ROLE_ADMIN'],
    ]);
  });
});
