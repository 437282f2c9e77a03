import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { notFoundTemplate } from '@coop/contracts';
import { frameworkTemplate, refusal } from './refusal.js';

const SERVICES = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Every source file of the services (not their tests). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

/**
 * The record kinds the services name in a not-found: `new NotFoundError('X', …)`, `reads.get(…, 'X')`, `const ENTITY = 'X'`,
 * a paper's kind, a typed reader's entity (`new TypedReads(SPEC, 'X', …)`).
 */
function namedKinds(): string[] {
  const kinds = new Set<string>();
  for (const file of sources(SERVICES)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of [
      /new NotFoundError\('([^']+)'/g,
      /\.get\([^()]*?, '([A-Z][A-Za-z ]+)'\)/g,
      /const ENTITY = '([^']+)'/g,
      /decidePaperWrite\(write, state, '([^']+)'/g,
      /new TypedReads<[^>]*>\(\s*[A-Z_]+,\s*'([^']+)'/g,
    ]) {
      for (const m of text.matchAll(pattern)) kinds.add(m[1]!);
    }
  }
  return [...kinds].sort();
}

describe("refusals carry their template (the console shows it in the clerk's language)", () => {
  it('keeps the English message and adds one general error with the template and its numbered parameters', () => {
    expect(refusal('Too many failed sign-in attempts, try again in 9 seconds', 'tooManySignInAttempts', '9')).toEqual({
      message: 'Too many failed sign-in attempts, try again in 9 seconds',
      errors: [{ field: null, template: 'tooManySignInAttempts', parameters: { '0': '9' } }],
    });
  });

  it('gives every kind of record the services can answer 404 for a template of its own', () => {
    const kinds = namedKinds();
    expect(kinds).toEqual(
      expect.arrayContaining([
        'Member',
        'User',
        'Balance',
        'Share',
        'Cooperative',
        'Approval number',
        'Exemption order',
        'Non assessment',
      ]),
    );
    expect(kinds.filter((kind) => notFoundTemplate(kind) === 'notFound')).toEqual([]);
    expect(notFoundTemplate('Something new')).toBe('notFound');
    expect(notFoundTemplate('toString')).toBe('notFound');
  });

  it('names a refusal of the HTTP framework by its status', () => {
    expect(frameworkTemplate(401)).toBe('sessionExpired');
    expect(frameworkTemplate(403)).toBe('notAllowed');
    expect(frameworkTemplate(404)).toBe('routeNotFound');
    expect(frameworkTemplate(413)).toBe('requestFailed');
    expect(frameworkTemplate(502)).toBe('internalError');
  });
});
