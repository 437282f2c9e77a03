import { applyDecorators, type Type } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiResponse, type OpenAPIObject } from '@nestjs/swagger';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import { nestedType } from '@coop/contracts';

/**
 * The OpenAPI document describes the request and answer classes of `contracts` from their class-validator metadata
 * (class-validator-jsonschema), so `contracts` needs no NestJS decorator and the console can import it. Routes
 * reference the schemas by class name with the decorators below.
 */
const SCHEMAS = '#/components/schemas/';

const ref = (type: Type<unknown>): { $ref: string } => ({ $ref: `${SCHEMAS}${type.name}` });
const schemaOf = (type: Type<unknown>, isArray: boolean) =>
  isArray ? { type: 'array' as const, items: ref(type) } : ref(type);

/** The request body is `type` (a class of contracts). */
export const BodyOf = (type: Type<unknown>): MethodDecorator => ApiBody({ schema: ref(type) });

/** The 200 answer is `type` (or a list of it). */
export const AnswersOk = (type: Type<unknown>, isArray = false): MethodDecorator =>
  ApiOkResponse({ schema: schemaOf(type, isArray) });

/** The 201 answer is `type`. */
export const AnswersCreated = (type: Type<unknown>): MethodDecorator => ApiCreatedResponse({ schema: ref(type) });

/** A list route: 200 with the items (header TotalItems), 204 with no body when nothing matches. */
export const AnswersList = (type: Type<unknown>): MethodDecorator =>
  applyDecorators(
    ApiOkResponse({
      schema: schemaOf(type, true),
      headers: { TotalItems: { description: 'count of all matches', schema: { type: 'integer' } } },
    }),
    ApiResponse({ status: 204, description: 'nothing matches' }),
  );

/**
 * A write with plausibility warnings (contracts/src/plausibility.ts): 409 with the warnings and nothing recorded until
 * the request repeats with `confirmWarnings: true`.
 */
export const AnswersWarnings = (): MethodDecorator =>
  ApiResponse({
    status: 409,
    description:
      'plausibility warnings: nothing recorded; send again with confirmWarnings: true to record it (or {message} on a concurrent change)',
    schema: {
      type: 'object',
      properties: {
        warnings: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              field: { type: 'string', nullable: true },
              template: { type: 'string' },
              parameters: { type: 'object', additionalProperties: { type: 'string' } },
            },
            required: ['field', 'template', 'parameters'],
          },
        },
      },
    },
  });

/** Rules of contracts (rules.ts `Satisfies`) as the JSON schema of the value they accept. */
type Converters = NonNullable<NonNullable<Parameters<typeof validationMetadatasToSchemas>[0]>['additionalConverters']>;
const converters: Converters = {
  isFilled: { type: 'string', minLength: 1 },
  isPresent: {},
  isSent: {},
  isBusinessDate: { type: 'string', format: 'date' },
  isEmailAddress: { type: 'string', format: 'email' },
  isHttpUrl: { type: 'string', format: 'uri' },
  isTaxNumber: { type: 'string', pattern: '^\\d{13}$' },
  isIban: { type: 'string', pattern: '^[A-Z]{2}\\d{2}[A-Z0-9]{1,30}$' },
  isBic: { type: 'string', pattern: '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$' },
  isElmaFs: { type: 'string', description: 'elmaProcess fs: 8 digits starting with 1, 3, 5 or 7, not ending in 0' },
  isElmaKm: { type: 'string', description: 'elmaProcess km: 11 digits' },
  equalsPassword: { type: 'string', description: 'the same as password' },
  isOriginal: { type: 'boolean', enum: [true], nullable: true },
  // The members' and the share ledger's rules (contracts/src/http/member-requests.ts, postings.ts).
  isRequired: {},
  isGivenUnless: { nullable: true },
  isMemberText: { type: 'string', nullable: true },
  // Issue 25: the member's account holder, the cooperative's tax office, a corrected certificate's reason.
  isAccountHolder: { type: 'string', maxLength: 70, nullable: true },
  isTaxOffice: { type: 'string', maxLength: 70 },
  isCorrectionReason: { type: 'string', maxLength: 200 },
  // Issue 38: the limits (contracts/src/limits.ts, docs/security.md "Limits").
  maxText: (meta) => ({ type: 'string', maxLength: meta.constraints?.[0] as number }),
  hasVisibleText: {
    type: 'string',
    description: 'shows at least one character (not only blanks, controls, zero-width signs or bidi marks)',
  },
  hasNoControlCharacter: { type: 'string' },
  isDateInRange: (meta) => ({
    type: 'string',
    format: 'date',
    description: `from ${String(meta.constraints?.[0])} to ${String(meta.constraints?.[1])}`,
  }),
  isOneOfOrEmpty: (meta) => {
    const allowed = (meta.constraints?.[0] ?? []) as unknown[];
    return { type: typeof allowed[0] === 'number' ? 'integer' : 'string', enum: allowed, nullable: true };
  },
  isMemberDate: { type: 'string', format: 'date', nullable: true },
  isPastDate: { type: 'string', format: 'date', nullable: true, description: 'not after today' },
  isSteuerId: { type: 'string', pattern: '^\\d{11}$' },
  isDecimal: { type: 'string', pattern: '^\\d{1,3}(\\.\\d{1,4})?$' },
  isChurchRate: { type: 'string', description: 'a church-tax rate in percent, at most 10 (decision 361)' },
  isCountryCode: { type: 'string', pattern: '^[A-Z]{2}$' },
  isWholeAtLeastOne: { type: 'integer', minimum: 1 },
  isSafeInteger: { type: 'integer' },
  isTransferTarget: {
    type: 'string',
    description: 'the target member of a transfer (type 3); empty for the other types',
  },
  isOtherMember: { type: 'string' },
  isEmptyUnlessTransfer: { type: 'string' },
  isAnnulledPosting: {
    type: 'string',
    description: 'the posting an annulation (type 5) reverses; empty for the other types',
  },
  isEmptyUnlessAnnulation: { type: 'string' },
  isEmptyUnlessNotice: {
    type: 'string',
    format: 'date',
    nullable: true,
    description: 'types 2, 6, 7, 8: the notice, decision, death or dissolution date',
  },
  isEmptyUnlessExclusion: {
    type: 'string',
    format: 'date',
    nullable: true,
    description: 'type 7: the day the registered letter was sent',
  },
  isEmptyUnlessExit: {
    type: 'string',
    nullable: true,
    description: 'type 8: the reason of an extraordinary notice (§ 65 (3) GenG)',
  },
  // Issue 45: the SEPA creditor identifier of the payment terms (contracts/src/creditor-id.ts).
  isEmptyUnlessSubscription: {
    type: 'integer',
    nullable: true,
    description: 'type 1: the cents paid with the posting (issue 45); empty for the other types',
  },
  isCreditorId: { type: 'string', pattern: '^[A-Z]{2}\\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$', nullable: true },
  // Issue 45: the entries of a bank statement's confirmation (contracts/src/http/bank-statements.ts).
  statementConfirmations: {
    type: 'array',
    items: {
      type: 'object',
      required: ['entryId', 'memberId'],
      additionalProperties: false,
      properties: {
        entryId: { type: 'string', maxLength: 20 },
        memberId: { type: 'string', maxLength: 64 },
        balanceId: { type: 'string', maxLength: 64, nullable: true },
      },
    },
  },
  // Issue 45: a SEPA mandate reference and a returned debit's reason code (contracts/src/http/direct-debits.ts).
  isMandateReference: { type: 'string', pattern: "^[A-Za-z0-9/\\-?:().,'+]{1,35}$" },
  isReturnReason: { type: 'string', pattern: '^[A-Z0-9]{1,4}$', nullable: true },
  isFieldValue: { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }], nullable: true },
  // Decision 241: the dividend's parameters (contracts/src/http/dividend.ts), read at the edge.
  isDividendYear: { type: 'string', pattern: '^\\d{4}$', description: 'the financial year, 1900 or later' },
  isPositiveDecimal: {
    type: 'string',
    pattern: '^\\d+([.,]\\d+)?$',
    description: 'above 0, `,` or `.` as the decimal mark',
  },
  hasDividendDecimals: { type: 'string', description: 'type percent: up to 4 decimals; type amount (euros): up to 2' },
  isDividendPercentAtMost: { type: 'string', description: 'type percent: at most 100' },
  isDividendTotalAtMost: { type: 'string', description: 'type amount: at most 1,000,000,000.00 euros' },
  isDayOrEmpty: {
    type: 'string',
    description: 'YYYY-MM-DD; empty: today (calculation) or refused as missing (closure)',
  },
  // A `ListOf` item or a `NestedOf` object refers to its class (a list wraps the result as its items).
  [ValidationTypes.NESTED_VALIDATION]: (meta) => {
    const item = typeof meta.target === 'function' ? nestedType(meta.target, meta.propertyName) : undefined;
    return item ? { $ref: `${SCHEMAS}${item.name}` } : {};
  },
  // IsOptional / ValidateIf: the value may be null (OpenAPI 3.0) and left out.
  [ValidationTypes.CONDITIONAL_VALIDATION]: { nullable: true },
};

/** Adds the schema of every class with class-validator rules to the document's components. */
export function addContractSchemas(doc: OpenAPIObject): OpenAPIObject {
  const schemas = validationMetadatasToSchemas({
    classValidatorMetadataStorage: getMetadataStorage(),
    refPointerPrefix: SCHEMAS,
    additionalConverters: converters,
  });
  return {
    ...doc,
    components: {
      ...doc.components,
      schemas: { ...doc.components?.schemas, ...(schemas as NonNullable<OpenAPIObject['components']>['schemas']) },
    },
  };
}
