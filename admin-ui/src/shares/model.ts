import type { ShareDto } from '@coop/contracts/console';

/** A row of the share register (docs/api.md "shares", contracts `ShareDto`): one per posting, with its versions. */
export type ShareRecord = ShareDto;
