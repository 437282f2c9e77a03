import { describe, expect, it } from '@jest/globals';
import { IsInt } from 'class-validator';
import { CooperativeFields, ElmaNumberWrite, fieldError, MarkSeenRequest, UserCreate } from '@coop/contracts';
import { readRequest, refusal } from '../testing/request-pipe.js';
import { RequestValidationPipe } from './validation.pipe.js';

class WithoutTemplate {
  @IsInt() count!: number;
}

describe('RequestValidationPipe', () => {
  it('answers the first rule written of a field that fails, with its template, fields in the order declared', async () => {
    expect(await refusal(ElmaNumberWrite, { elmaProcess: '', elmaNumber: '' })).toEqual([
      fieldError('elmaProcess', 'mustNotBeEmpty'),
      fieldError('elmaNumber', 'mustNotBeEmpty'),
    ]);
    expect(await refusal(ElmaNumberWrite, { elmaProcess: 'fs', elmaNumber: '22345671' })).toEqual([
      fieldError('elmaNumber', 'invalidElmaFs'),
    ]);
  });

  it('names the value sent (invalidChoice) and fixed parameters (mustBeAtLeast)', async () => {
    expect(await refusal(ElmaNumberWrite, { elmaProcess: ' xx ', elmaNumber: '1' })).toEqual([
      fieldError('elmaProcess', 'invalidChoice', 'xx'),
    ]);
    const errors = await refusal(CooperativeFields, { minimumShares: 0 });
    expect(errors).toContainEqual(fieldError('minimumShares', 'mustBeAtLeast', '1'));
  });

  it('answers a rule on list items once per failing item', async () => {
    const errors = await refusal(UserCreate, {
      username: 'a',
      password: 'p',
      passwordRepeat: 'p',
      roles: ['ROLE_USER', 'ROLE_GOD', 'role_admin'],
    });
    expect(errors).toEqual([
      fieldError('roles', 'invalidRole', 'ROLE_GOD'),
      fieldError('roles', 'invalidRole', 'role_admin'),
    ]);
  });

  it('reads loose JSON as the API always did and leaves out undeclared fields', async () => {
    const body = (await readRequest(CooperativeFields, {
      name: 7,
      fullName: 'Erste eG',
      address: 'Weg 1',
      zip: '12345',
      city: 'Stadt',
      email: 'info@eg.de',
      contactPerson: 'A',
      url: 'https://eg.de',
      taxId: '1121/0815/08150',
      bankname: 'Bank',
      iban: 'de89 3704 0044 0532 0130 00',
      bic: 'cobadeffxxx',
      balanceCost: '25000',
      minimumShares: '',
      isAdmin: true,
    })) as CooperativeFields & { isAdmin?: boolean };
    expect(body).toMatchObject({
      name: '7',
      iban: 'DE89370400440532013000',
      taxId: '1121081508150',
      balanceCost: 25000,
      minimumShares: 1,
    });
    expect(body.isAdmin).toBeUndefined();
  });

  it.each<[string, unknown]>([
    ['an array', ['fs', '12345671']],
    ['an empty array', []],
    ['a text', 'fs'],
    ['a number', 7],
    ['null', null],
    [
      'the bytes of another content type (a text/csv body on a JSON route; 500 before issue 28)',
      Buffer.from('{"elmaProcess":"fs"}'),
    ],
  ])(
    'refuses a body that is not a JSON object (%s) with bodyMustBeObject, not as {} (issue 43)',
    async (_name, body) => {
      expect(await refusal(ElmaNumberWrite, body)).toEqual([fieldError(null, 'bodyMustBeObject')]);
    },
  );

  it('reads no body at all as {}, as the API always did', async () => {
    expect(await refusal(ElmaNumberWrite, undefined)).toEqual([
      fieldError('elmaProcess', 'mustNotBeEmpty'),
      fieldError('elmaNumber', 'mustNotBeEmpty'),
    ]);
  });

  it('reads a bare list as the list of a request class that takes one (mark-seen, SPEC.md 7)', async () => {
    expect(await readRequest(MarkSeenRequest, ['n-1', 'n-2'])).toMatchObject({ ids: ['n-1', 'n-2'] });
    expect(await refusal(MarkSeenRequest, [7])).toEqual([fieldError('ids', 'invalidChoice')]);
  });

  it('reads a repeated named query parameter as one text, its values joined by commas (an array reached the read store: 500)', async () => {
    const pipe = new RequestValidationPipe();
    expect(await pipe.transform(['m-1', 'm-2'], { type: 'query', metatype: Object, data: 'member' })).toBe('m-1,m-2');
    expect(await pipe.transform('m-1', { type: 'query', metatype: Object, data: 'member' })).toBe('m-1');
    expect(await pipe.transform(undefined, { type: 'query', metatype: Object, data: 'member' })).toBeUndefined();
  });

  it('refuses to answer a rule that carries no template (a programming error, not a 400)', async () => {
    await expect(readRequest(WithoutTemplate, { count: 'x' })).rejects.toThrow('names no template');
  });

  it('passes other parameters (a path id, a query) untouched, also when typed with a request class', async () => {
    const query = { elmaProcess: 'nonsense' };
    expect(await new RequestValidationPipe().transform(query, { type: 'query', metatype: ElmaNumberWrite })).toBe(
      query,
    );
    expect(await new RequestValidationPipe().transform('m-1', { type: 'param', metatype: String, data: 'id' })).toBe(
      'm-1',
    );
  });

  it('passes a body typed unknown untouched', async () => {
    const raw = { anything: 1 };
    expect(await new RequestValidationPipe().transform(raw, { type: 'body', metatype: Object })).toBe(raw);
  });
});
