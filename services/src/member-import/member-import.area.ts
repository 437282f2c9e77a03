import { importsProjector } from '@coop/projections';
import type { AreaRegistration } from '../platform/areas.js';

/**
 * The import of a member register (issue 29): its read models (the history, the last mapping). `RegisterImported`
 * holds no personal data (file names, column headers, counts); the members it writes are the members area's events,
 * sealed as theirs.
 */
export const memberImportArea: AreaRegistration = {
  name: 'member-import',
  projectors: [importsProjector],
  personalData: {},
  upcasters: [],
  views: {},
};
