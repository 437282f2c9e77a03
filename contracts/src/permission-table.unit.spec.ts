import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import {
  PERMISSION_TABLE_BEGIN,
  PERMISSION_TABLE_END,
  permissionTable,
  withPermissionTable,
} from './permission-table.js';
import { PERMISSION_MATRIX, PERMISSION_NAMES, allows, grantableRoles, isPermission } from './permissions.js';
import { ROLES } from './roles.js';

const SECURITY_MD = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/security.md');

describe('the role matrix and its table in docs/security.md', () => {
  it('docs/security.md shows the matrix as it is (run `npm run docs:roles` after changing contracts/src/permissions.ts)', () => {
    const doc = readFileSync(SECURITY_MD, 'utf8');
    expect(doc).toContain(PERMISSION_TABLE_BEGIN);
    expect(doc).toContain(PERMISSION_TABLE_END);
    expect(withPermissionTable(doc)).toBe(doc);
  });

  it('a changed grant makes the doc stale', () => {
    const doc = `intro\n${PERMISSION_TABLE_BEGIN}\n${permissionTable()}\n${PERMISSION_TABLE_END}\nrest\n`;
    expect(withPermissionTable(doc)).toBe(doc);
    const edited = doc.replace(
      '| `users:read` | users: list, read | yes | yes | – | – | – | yes | – |',
      '| `users:read` | users: list, read | yes | yes | – | – | – | – | – |',
    );
    expect(edited).not.toBe(doc);
    expect(withPermissionTable(edited)).toBe(doc);
    expect(withPermissionTable('no markers')).toBeNull();
  });

  it('has a row per permission and a column per role', () => {
    const rows = permissionTable().split('\n');
    expect(rows).toHaveLength(3 + PERMISSION_NAMES.length);
    for (const row of rows) expect(row.split('|').length).toBe(ROLES.length + 4);
  });

  it('grants every permission to the super administrator, and to no role outside ROLES', () => {
    for (const name of PERMISSION_NAMES) {
      expect(allows(['ROLE_SUPER_ADMIN'], name)).toBe(true);
      for (const role of PERMISSION_MATRIX[name].roles) expect(ROLES).toContain(role);
    }
    expect(allows(undefined, 'members:read')).toBe(false);
    expect(allows(['ROLE_ALLOWED_TO_SWITCH'], 'members:read')).toBe(false);
    expect(allows(['ROLE_EDIT_USERS'], 'users:write')).toBe(true);
  });

  it('offers a user the roles it holds to grant, and every role to the super administrator', () => {
    expect(grantableRoles(['ROLE_EDIT_USERS'])).toEqual(['ROLE_EDIT_USERS']);
    expect(grantableRoles(['ROLE_USER', 'ROLE_ADMIN', 'nonsense'])).toEqual(['ROLE_ADMIN', 'ROLE_USER']);
    expect(grantableRoles(['ROLE_SUPER_ADMIN'])).toEqual(ROLES);
    expect(grantableRoles([])).toEqual([]);
  });

  it('knows its permission names, and no inherited property is one', () => {
    expect(isPermission('users:read')).toBe(true);
    expect(isPermission('users:admin')).toBe(false);
    expect(isPermission('constructor')).toBe(false);
    expect(isPermission(undefined)).toBe(false);
  });
});
