/* The movement report's reasons and posting kinds (issue 45; plain constants, also for the console). */

/** Why members left in a year (§ 65, § 76, § 77, § 68, § 77a GenG): the notice, the transfer of the whole holding, death, exclusion, dissolution. */
export const LEAVE_REASONS = ['notice', 'transfer', 'death', 'exclusion', 'dissolution'] as const;
export type LeaveReason = (typeof LEAVE_REASONS)[number];

/** The posting kinds that add shares (0 subscription, 1 further shares, 4 transfer in) and those that reduce them. */
export const ADDING_KINDS = [0, 1, 4] as const;
export const REDUCING_KINDS = [2, 3, 6, 7, 8] as const;
export const MOVEMENT_KINDS = [...ADDING_KINDS, ...REDUCING_KINDS] as const;
