/**
 * The API's side of the one role matrix (`contracts/src/permissions.ts`, issue 44): every route names one permission
 * (`@Requires`), or is for any signed-in user (`@SignedIn`), or is public (`@Public`); the guard refuses a route that
 * names none. A controller asks `allows(actor.roles, permission)` for what a route does beyond its permission, never
 * for a role by name (`test/architecture/role-names.int.spec.ts`). docs/security.md's table is generated from the
 * matrix (`npm run docs:roles`).
 */
export { allows, isPermission, rolesWith, PERMISSION_MATRIX, type Permission } from '@coop/contracts';
