import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
// @ts-expect-error the script is plain JavaScript without declarations (scripts/ is not compiled)
import { packagesExcludingNode } from '../../scripts/check-engines.mjs';

/**
 * `npm ci` warned EBADENGINE 15 times (issue 43): three locked packages required Node >= 22 while package.json names
 * Node >= 20.19. Every package of the lock must accept the lowest Node the project names (decision 181).
 */
interface Found {
  readonly path: string;
  readonly version: string;
  readonly engines: string;
}
const check = packagesExcludingNode as (lock: unknown, range: string) => { lowest: string; found: readonly Found[] };

const project = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as unknown;

describe('declared engines of the locked packages', () => {
  it('every package accepts the lowest Node of package.json', () => {
    const { lowest, found } = check(lock, project.engines.node);
    expect(lowest).toBe('20.19.0');
    expect(found.map((p) => `${p.path}@${p.version} (node ${p.engines})`)).toEqual([]);
  });

  it('names a package whose engines exclude it, and ignores packages without engines', () => {
    const sample = {
      packages: {
        '': { engines: { node: '>=20.19' } },
        'node_modules/new': { version: '2.0.2', engines: { node: '>=22' } },
        'node_modules/fine': { version: '1.1.1', engines: { node: '>=18' } },
        'node_modules/old-style': { version: '0.1.0', engines: ['node >=0.8'] },
        'node_modules/none': { version: '1.0.0' },
      },
    };
    expect(check(sample, '>=20.19').found).toEqual([{ path: 'node_modules/new', version: '2.0.2', engines: '>=22' }]);
  });
});
