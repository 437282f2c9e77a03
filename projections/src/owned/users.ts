/*
 * `@coop/projections/users`: the users and their credentials (collections). Only the users area of services, the
 * sign-in (`auth`, not an area) and the platform import it (rule `read-model-through-its-owner`, decision 263).
 */
export { CREDENTIALS, USERS } from '../projectors/users.projector.js';
