import { describe, expect, it } from '@jest/globals';
import { plainToInstance } from 'class-transformer';
import {
  getMetadataStorage,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  registerDecorator,
  ValidateIf,
  ValidateNested,
  validateSync,
} from 'class-validator';
import * as contracts from '@coop/contracts';
import { PostingRequest } from '@coop/contracts';
import { requestErrors, VALIDATOR_OPTIONS } from './request-rules.js';

type Outcome = { entity: object; errors: unknown } | { thrown: string };

/** The pipe's check against class-validator's own on a fresh copy of the same body: errors and the body read. */
function both(type: new () => object, body: Record<string, unknown>): { fast: Outcome; general: Outcome } {
  const run = (check: (entity: object) => unknown): Outcome => {
    const entity = plainToInstance(type, structuredClone(body));
    try {
      return { entity, errors: check(entity) };
    } catch (error) {
      return { thrown: String(error) };
    }
  };
  return { fast: run(requestErrors), general: run((entity) => validateSync(entity, VALIDATOR_OPTIONS)) };
}

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const VALUES: readonly unknown[] = [
  undefined,
  null,
  '',
  ' ',
  'x',
  'm-1',
  ' m-2 ',
  '2026-01-31',
  '2026-02-30',
  '2026-01-31T10:00:00Z',
  0,
  1,
  3,
  5,
  -1,
  1.5,
  '12',
  ' 7 ',
  'abc',
  true,
  'true',
  [],
  ['ROLE_USER'],
  ['ROLE_USER', 'ROLE_GOD'],
  'ROLE_ADMIN',
  { a: 1 },
  'DE89370400440532013000',
  'info@eg.de',
  '1121/0815/08150',
  'fs',
  '12345671',
  '2025',
  250,
  25000,
];

/** Every class contracts exports that has class-validator rules (request classes and answer classes). */
const classes = (Object.values(contracts) as unknown[]).filter(
  (value): value is new () => object =>
    typeof value === 'function' &&
    getMetadataStorage().getTargetValidationMetadatas(value, '', false, false).length > 0,
);

describe('requestErrors', () => {
  it('answers as validateSync for every class of contracts on many bodies, accepted and refused', () => {
    expect(classes.length).toBeGreaterThan(20);
    const next = random(42);
    let accepted = 0;
    for (const type of classes) {
      const fields = [
        ...new Set(
          getMetadataStorage()
            .getTargetValidationMetadatas(type, '', false, false)
            .map((m) => m.propertyName),
        ),
        'isAdmin',
      ];
      for (let i = 0; i < 120; i++) {
        const body: Record<string, unknown> = {};
        for (const field of fields) if (next() < 0.85) body[field] = VALUES[Math.floor(next() * VALUES.length)];
        const { fast, general } = both(type, body);
        expect({ type: type.name, body, ...fast }).toEqual({ type: type.name, body, ...general });
        if ('errors' in fast && Array.isArray(fast.errors) && fast.errors.length === 0) accepted++;
      }
    }
    expect(accepted).toBeGreaterThan(80);
  });

  it('answers as validateSync for postings of every type (the hot path)', () => {
    const next = random(7);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    let accepted = 0;
    for (let i = 0; i < 2000; i++) {
      const body: Record<string, unknown> = {
        type: pick([1, 2, 3, 5, 6, 7, 8, 0, 4, '1', '3', 9, null, undefined]),
        member: pick(['m-1', 'm-2', ' m-1 ', '', null, undefined, 12]),
        date: pick(['2026-01-31', '2026-01-31', '2026-02-30', '', undefined, '31.01.2026']),
        approvalDate: pick(['2026-01-31', '2026-01-31', undefined, '2026-13-01']),
        interestBegin: pick(['2026-01-31', '2026-01-31', undefined, null]),
        quantity: pick([1, 5, '2', 0, -1, 1.5, '', undefined, 'x']),
        transferTo: pick([undefined, undefined, '', 'm-1', 'm-2', ' m-2']),
        annulPeer: pick([undefined, undefined, '', 'p-1']),
        extra: pick([undefined, 'dropped']),
      };
      const { fast, general } = both(PostingRequest, body);
      expect({ body, ...fast }).toEqual({ body, ...general });
      if ('errors' in fast && Array.isArray(fast.errors) && fast.errors.length === 0) accepted++;
    }
    expect(accepted).toBeGreaterThan(20);
  });

  it('follows each (lists, sets, maps), a rule of its own condition, IsDefined, IsOptional and inherited rules', () => {
    class Base {
      @IsDefined() id: unknown;
    }
    class Rules extends Base {
      @IsIn(['a', 'b'], { each: true }) tags: unknown;
      @IsInt({ validateIf: (o: object) => (o as { strict?: unknown }).strict === true }) count: unknown;
      @IsOptional() @IsInt() optional: unknown;
      strict: unknown;
    }
    const cases: Record<string, unknown>[] = [
      { id: 1, tags: ['a', 'b'] },
      { id: 1, tags: ['a', 'c'] },
      { id: 1, tags: new Set(['a']) },
      { id: 1, tags: new Set(['c']) },
      { id: 1, tags: new Map([[1, 'a']]) },
      { id: 1, tags: new Map([[1, 'z']]) },
      { id: 1, tags: 'a' },
      { tags: 'a' },
      { id: 1, tags: 'a', count: 'x' },
      { id: 1, tags: 'a', count: 'x', strict: true },
      { id: 1, tags: 'a', optional: null },
      { id: 1, tags: 'a', optional: 'x' },
    ];
    for (const body of cases) {
      const fast = requestErrors(Object.assign(new Rules(), body));
      const general = validateSync(Object.assign(new Rules(), body), VALIDATOR_OPTIONS);
      expect({ body, fast }).toEqual({ body, fast: general });
    }
  });

  it('leaves asynchronous rules out as validateSync does, and hands nested classes to it', () => {
    class Never {
      @IsInt() n: unknown;
    }
    class WithAsync {
      @IsInt() n: unknown;
      @ValidateNested() inner: unknown;
    }
    registerDecorator({
      name: 'never',
      async: true,
      target: WithAsync,
      propertyName: 'n',
      validator: { validate: async () => false },
    });
    expect(requestErrors(Object.assign(new WithAsync(), { n: 1 }))).toEqual([]);
    const nested = Object.assign(new WithAsync(), { n: 1, inner: Object.assign(new Never(), { n: 'x' }) });
    expect(requestErrors(nested)).toEqual(
      validateSync(
        Object.assign(new WithAsync(), { n: 1, inner: Object.assign(new Never(), { n: 'x' }) }),
        VALIDATOR_OPTIONS,
      ),
    );
    expect(requestErrors(nested)).toHaveLength(1);
  });

  it('drops undeclared fields from an accepted body and from a refused one', () => {
    class Narrow {
      @ValidateIf(() => true) @IsInt() n: unknown;
    }
    const ok = Object.assign(new Narrow(), { n: 1, isAdmin: true });
    expect(requestErrors(ok)).toEqual([]);
    expect(ok).toEqual(Object.assign(new Narrow(), { n: 1 }));
    const refused = Object.assign(new Narrow(), { n: 'x', isAdmin: true });
    expect(requestErrors(refused)).toHaveLength(1);
    expect(Object.keys(refused)).toEqual(['n']);
  });
});
