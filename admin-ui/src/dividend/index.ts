import { lazyScreen, type ConsoleResource } from '../registry';
import { prefetch } from '../session/api';

/**
 * The annual dividend (issue 23; SPEC 2): the wizard's step 1 (`/dividend/calculator`) and step 2
 * (`/dividend/annualClosure`), and the closures (`/dividend/closures/{id?}`). Calculating and closing need `ROLE_ADMIN`
 * or `ROLE_USER` (the screens refuse others, one role per route being all the guard knows); the closures are read by
 * every clerk of the cooperative. No top-menu entry: SPEC 2 opens them from the dashboard's cooperative card (Calculate
 * dividend, Annual closures), and an eighth entry wraps the German menu onto a second line at 1366 px.
 */
export const dividend: ConsoleResource = {
  name: 'dividend',
  routes: [
    {
      path: '/dividend/calculator',
      screen: lazyScreen(() => import('./DividendCalculator')),
      permission: 'dividend:close',
      title: 'coop.title.dividendCalculator',
      prefetch: () => prefetch('/dividend/years'),
    },
    {
      path: '/dividend/annualClosure',
      screen: lazyScreen(() => import('./AnnualClosure')),
      permission: 'dividend:close',
      title: 'coop.title.annualClosure',
    },
    {
      path: '/dividend/closures/:id?',
      screen: lazyScreen(() => import('./DividendClosures')),
      permission: 'dividend:read',
      title: 'coop.title.dividendClosures',
      prefetch: () => prefetch('/dividend?order_by=-year&limit=100'),
    },
  ],
};
