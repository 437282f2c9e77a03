#!/usr/bin/env node
// Adds lock entries for platform-specific optional packages (e.g. @swc/core-darwin-arm64) that
// `npm install` leaves out when the registry it talks to does not serve them. Without them
// `npm ci` refuses the lock ("Missing: …@ from lock file"). The entries carry os/cpu so that
// npm skips them on every other platform, exactly as it does with a lock written elsewhere.
// Run after `npm install`: node scripts/lock-platform-entries.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

const OS = [
  'darwin',
  'linux',
  'win32',
  'freebsd',
  'android',
  'openharmony',
  'sunos',
  'aix',
  'netbsd',
  'openbsd',
  'wasi',
];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  const libc = parts.some((p) => p.startsWith('musl'))
    ? 'musl'
    : parts.some((p) => p.startsWith('gnu'))
      ? 'glibc'
      : undefined;
  return { os, cpu, libc };
}

function resolves(from, name) {
  let dir = from;
  for (;;) {
    const key = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[key]) return true;
    if (!dir) return false;
    const idx = dir.lastIndexOf('/node_modules/');
    dir = idx >= 0 ? dir.slice(0, idx) : '';
  }
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolves(path, name)) continue;
    const { os, cpu, libc } = platformOf(name);
    if (!os && !cpu) continue; // not a platform package: leave it to npm
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) continue; // only exact pins can be written safely
    const key = `node_modules/${name}`;
    const added_entry = { version: spec };
    if (entry.dev) added_entry.dev = true;
    added_entry.optional = true;
    if (os) added_entry.os = [os];
    if (cpu) added_entry.cpu = [cpu];
    if (libc && os === 'linux') added_entry.libc = [libc];
    packages[key] = added_entry;
    added += 1;
  }
}

const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))),
);
lock.packages = sorted;
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock: ${added} platform package entries added`);
