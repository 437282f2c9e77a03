// Writes the role matrix (contracts/src/permissions.ts) into docs/security.md between its markers, as a table.
// `npm run docs:roles` builds contracts first; contracts/src/permission-table.unit.spec.ts fails when the doc is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withPermissionTable } from '../contracts/dist/permission-table.js';

const doc = fileURLToPath(new URL('../docs/security.md', import.meta.url));
const before = readFileSync(doc, 'utf8');
const after = withPermissionTable(before);
if (after === null) {
  console.error('docs/security.md: the permission-table markers are missing (see contracts/src/permission-table.ts)');
  process.exit(1);
}
if (after === before) console.log('docs/security.md: the role matrix is up to date');
else {
  writeFileSync(doc, after);
  console.log('docs/security.md: the role matrix was written from contracts/src/permissions.ts');
}
