import type { Projector } from '../runner/projector.js';
import { cooperativesProjector } from './cooperatives.projector.js';
import { elmaNumbersProjector } from './elma-numbers.projector.js';
import { membersProjector } from './members.projector.js';
import { taxPapersProjector } from './tax-papers.projector.js';
import { usersProjector } from './users.projector.js';

/** Every projector of the product, in the order the runner applies them. */
export const allProjectors: readonly Projector[] = [cooperativesProjector, usersProjector, elmaNumbersProjector, membersProjector, taxPapersProjector];
