/** The dashboards' public entry. */
export { DashboardsModule } from './dashboards.module.js';
