import { MEMBERS_LIST, firstPageRequest } from '../data/firstLists';
import { lazyScreen, type ConsoleResource } from '../registry';
import { prefetch } from '../session/api';

const MemberForm = lazyScreen(() => import('./MemberForm'));

/** Members (menu 1): the list, the master data form (new and edit) and the member dashboard (`/member/:id`). */
export const members: ConsoleResource = {
  name: 'members',
  routes: [
    {
      path: '/members',
      screen: lazyScreen(() => import('./MemberList')),
      permission: 'members:read',
      title: 'coop.title.members',
      prefetch: () => prefetch(firstPageRequest('members', MEMBERS_LIST)),
    },
    { path: '/members/new', screen: MemberForm, permission: 'members:read', title: 'coop.title.newMember' },
    { path: '/members/:id', screen: MemberForm, permission: 'members:read', title: 'coop.title.memberEdit' },
    {
      path: '/members/:id/edit',
      screen: lazyScreen(
        () => import('./MemberForm'),
        (m) => m.MemberEditRedirect,
      ),
      permission: 'members:read',
      title: 'coop.title.memberEdit',
    },
    {
      path: '/member/:id',
      screen: lazyScreen(() => import('./MemberDashboard')),
      permission: 'members:read',
      title: 'coop.title.memberDashboard',
    },
  ],
  menu: {
    path: '/members',
    label: 'coop.menu.members',
    order: 1,
    icon: 'groups',
    permission: 'members:read',
    testId: 'menu-members',
    also: ['/member/'],
  },
};
