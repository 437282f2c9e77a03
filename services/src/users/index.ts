/** The users area's public entry: what other areas may use. */
export { UsersModule } from './users.module.js';
