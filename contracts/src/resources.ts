import type { Role } from './roles.js';

/** What the API answers for a user. The password hash never leaves the server. */
export interface UserDto {
  readonly id: string;
  readonly username: string;
  readonly roles: Role[];
  readonly cooperative: string;
}

export interface UserWrite {
  readonly username: string;
  readonly password?: string;
  readonly passwordRepeat?: string;
  readonly roles: string[];
  /** Only ROLE_SUPER_ADMIN may name another cooperative. */
  readonly cooperative?: string;
}

export interface CooperativeFields {
  readonly name: string;
  readonly fullName: string;
  readonly address: string;
  readonly zip: string;
  readonly city: string;
  readonly email: string;
  readonly contactPerson: string;
  readonly url: string;
  readonly taxId: string;
  readonly bankname: string;
  readonly iban: string;
  readonly bic: string;
  /** Price of one share in euro cents. */
  readonly balanceCost: number;
  readonly minimumShares: number;
}

export interface CooperativeDto extends CooperativeFields {
  readonly id: string;
}

export type ElmaProcess = 'fs' | 'km';

export interface ElmaNumberDto {
  readonly id: string;
  readonly elmaProcess: ElmaProcess;
  readonly elmaNumber: string;
  /** UTC ISO 8601 timestamp. */
  readonly createdAt: string;
}

export interface Option {
  readonly key: string;
  readonly value: string;
}
