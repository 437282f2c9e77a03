import { IsIn, IsInt, IsOptional, IsString } from 'class-validator';

/** Why a member is a possible duplicate of the one being entered. */
export const DUPLICATE_REASONS = ['nameAndBirthDate', 'iban'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

/**
 * `GET /members/duplicates?name&givenName&birthDate&iban[&exclude]`: a member of the caller's cooperative who may be
 * the one being entered: the same name, given name and birth date, or the same IBAN under another name.
 */
export class DuplicateCandidate {
  @IsString() readonly id!: string;
  @IsOptional() @IsInt() readonly memberNr!: number | null;
  /** "Müller, Anna" as the member list shows it. */
  @IsString() readonly label!: string;
  @IsIn(DUPLICATE_REASONS) readonly reason!: DuplicateReason;
}
