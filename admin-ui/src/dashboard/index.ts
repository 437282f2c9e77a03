import { lazyScreen, type ScreenRoute } from '../registry';
import { prefetch } from '../session/api';

/** `/`: the dashboard (react-admin's dashboard route), members card and cooperative card (SPEC 2). */
export const home: ScreenRoute = {
  path: '/',
  screen: lazyScreen(() => import('./Dashboard')),
  title: 'coop.title.dashboard',
  prefetch: () => prefetch('/dashboard'),
};
