import type { CooperativeDto, ElmaNumberDto } from '@coop/contracts/console';

/** A setting a new cooperative needs before its first postings, dividend and tax papers (issue 43). */
export type SetupStep =
  'balanceCost' | 'minimumShares' | 'bankAccount' | 'taxId' | 'taxOffice' | 'elmaNumberFs' | 'elmaNumberKm';

/** Where each step is set: the cooperative's form, or a new approval number of the process. */
export const SETUP_LINKS: Readonly<Record<SetupStep, string>> = {
  balanceCost: '/cooperative',
  minimumShares: '/cooperative',
  bankAccount: '/cooperative',
  taxId: '/cooperative',
  taxOffice: '/cooperative',
  elmaNumberFs: '/elma-number/new',
  elmaNumberKm: '/elma-number/new',
};

const filled = (value: string | null | undefined): boolean => typeof value === 'string' && value.trim() !== '';

/**
 * The steps still open, in the order a clerk sets them up: share price and minimum shares (postings), the bank
 * account (the SEPA file: name, IBAN and BIC), the tax number and tax office (tax certificates), and the approval
 * numbers of both processes (fs: the FSA control report; km: the church-tax query). A step done disappears.
 */
export function openSetupSteps(
  cooperative: Pick<
    CooperativeDto,
    'balanceCost' | 'minimumShares' | 'bankname' | 'iban' | 'bic' | 'taxId' | 'taxOffice'
  >,
  elmaNumbers: readonly Pick<ElmaNumberDto, 'elmaProcess'>[],
): SetupStep[] {
  const open: SetupStep[] = [];
  if (!(typeof cooperative.balanceCost === 'number' && cooperative.balanceCost > 0)) open.push('balanceCost');
  if (!(
    typeof cooperative.minimumShares === 'number' &&
    Number.isInteger(cooperative.minimumShares) &&
    cooperative.minimumShares >= 1
  ))
    open.push('minimumShares');
  if (!(filled(cooperative.bankname) && filled(cooperative.iban) && filled(cooperative.bic))) open.push('bankAccount');
  if (!filled(cooperative.taxId)) open.push('taxId');
  if (!filled(cooperative.taxOffice)) open.push('taxOffice');
  if (!elmaNumbers.some((n) => n.elmaProcess === 'fs')) open.push('elmaNumberFs');
  if (!elmaNumbers.some((n) => n.elmaProcess === 'km')) open.push('elmaNumberKm');
  return open;
}
