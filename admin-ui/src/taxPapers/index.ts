import { lazyScreen, type ConsoleResource } from '../registry';

const ExemptionOrderForm = lazyScreen(() => import('./ExemptionOrderForm'));
const NonAssessmentForm = lazyScreen(() => import('./NonAssessmentForm'));

/** Exemption orders, FSA (menu 5): the list, a new order of a member, an order with its history. */
export const exemptionOrders: ConsoleResource = {
  name: 'exemptionorders',
  routes: [
    {
      path: '/exemption-orders',
      screen: lazyScreen(() => import('./ExemptionOrderList')),
      permission: 'taxpapers:read',
      title: 'coop.title.exemptionOrders',
    },
    {
      path: '/exemption-orders/new/member/:member',
      screen: ExemptionOrderForm,
      permission: 'taxpapers:read',
      title: 'coop.title.newExemptionOrder',
    },
    {
      path: '/exemption-orders/:id',
      screen: ExemptionOrderForm,
      permission: 'taxpapers:read',
      title: 'coop.title.exemptionOrder',
    },
  ],
  menu: {
    path: '/exemption-orders',
    label: 'coop.menu.exemptionOrders',
    order: 5,
    icon: 'assignmentTurnedIn',
    permission: 'taxpapers:read',
    testId: 'menu-exemption-orders',
  },
};

/** Non-assessment certificates, NV (menu 6): the list, a new certificate of a member, one (singular path, SPEC 2). */
export const nonAssessments: ConsoleResource = {
  name: 'nonassessments',
  routes: [
    {
      path: '/non-assessments',
      screen: lazyScreen(() => import('./NonAssessmentList')),
      permission: 'taxpapers:read',
      title: 'coop.title.nonAssessments',
    },
    {
      path: '/non-assessments/new/member/:member',
      screen: NonAssessmentForm,
      permission: 'taxpapers:read',
      title: 'coop.title.newNonAssessment',
    },
    {
      path: '/non-assessment/:id',
      screen: NonAssessmentForm,
      permission: 'taxpapers:read',
      title: 'coop.title.nonAssessment',
    },
  ],
  menu: {
    path: '/non-assessments',
    label: 'coop.menu.nonAssessments',
    order: 6,
    icon: 'verified',
    permission: 'taxpapers:read',
    testId: 'menu-non-assessments',
    also: ['/non-assessment/'],
  },
};
