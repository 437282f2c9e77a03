// What the console's first load of a screen carries (issue 43): builds the console into a temporary directory with a
// plugin that reads the bundler's output (each chunk's modules with their rendered size, its static imports), then
// prints the chunks the entry loads statically plus those of the screen named (default: the users screen), their
// gzip size, and the largest packages and console folders among their modules.
// Usage: node bench/console-chunks.js [screen-module-substring ...]   e.g. users/UsersPage
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('../admin-ui/', import.meta.url));
// Vite is the console's own dependency (admin-ui/node_modules), resolved from there.
const { build } = await import(pathToFileURL(createRequire(join(root, 'package.json')).resolve('vite')).href);
const screens = process.argv.slice(2).length ? process.argv.slice(2) : ['users/UsersPage'];
const outDir = mkdtempSync(join(tmpdir(), 'coop-console-chunks-'));
let bundle = {};
try {
  await build({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
    plugins: [
      {
        name: 'chunk-stats',
        generateBundle(_options, output) {
          bundle = output;
        },
      },
    ],
  });
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const wanted = new Set();
  const add = (c) => {
    if (!c || wanted.has(c.fileName)) return;
    wanted.add(c.fileName);
    for (const i of c.imports) add(byName.get(i));
  };
  for (const c of chunks) if (c.isEntry) add(c);
  for (const s of screens) for (const c of chunks) if (c.facadeModuleId?.includes(s)) add(c);
  const owner = (id) => {
    const clean = id.replace(/^\0/, '').split('?')[0];
    const nm = clean.lastIndexOf('node_modules/');
    if (nm >= 0) {
      const parts = clean.slice(nm + 'node_modules/'.length).split('/');
      return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
    }
    const rel = relative(root, clean);
    return rel.startsWith('src/')
      ? rel
          .split('/')
          .slice(0, rel.split('/').length > 2 ? 2 : 1)
          .join('/')
      : rel;
  };
  const packages = new Map();
  const modules = [];
  let gzip = 0;
  const rows = [];
  for (const name of wanted) {
    const c = byName.get(name);
    const g = gzipSync(readFileSync(join(outDir, name)), { level: 6 }).length;
    gzip += g;
    rows.push([name, c.code.length, g]);
    for (const [id, m] of Object.entries(c.modules)) {
      packages.set(owner(id), (packages.get(owner(id)) ?? 0) + m.renderedLength);
      modules.push([id.replace(/^.*node_modules\//, ''), m.renderedLength]);
    }
  }
  rows.sort((a, b) => b[2] - a[2]);
  console.log(`first load for ${screens.join(', ')}: ${wanted.size} files, ${(gzip / 1024).toFixed(1)} kB gzip`);
  for (const [n, raw, g] of rows) {
    console.log(
      `  ${n.padEnd(52)} ${(raw / 1024).toFixed(1).padStart(7)} kB ${(g / 1024).toFixed(1).padStart(6)} kB gzip`,
    );
    // IMPORTERS=1: which of these files import it statically (what keeps it in the first load).
    if (process.env.IMPORTERS)
      console.log(
        `      imported by ${[...wanted].filter((w) => byName.get(w).imports.includes(n)).join(', ') || '(the page)'}`,
      );
  }
  console.log('by package or console folder (rendered, unminified-ish bytes):');
  for (const [p, n] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 40)))
    console.log(`  ${p.padEnd(40)} ${(n / 1024).toFixed(1).padStart(7)} kB`);
  // CHUNK=<file name part>: the modules of that chunk, largest first.
  if (process.env.CHUNK) {
    for (const name of wanted) {
      if (!name.includes(process.env.CHUNK)) continue;
      for (const [id, m] of Object.entries(byName.get(name).modules).sort(
        (a, b) => b[1].renderedLength - a[1].renderedLength,
      ))
        console.log(
          `  ${name} ${id.replace(/^.*node_modules\//, '').padEnd(80)} ${(m.renderedLength / 1024).toFixed(1).padStart(7)} kB`,
        );
    }
  }
  if (process.env.MODULES) {
    const re = new RegExp(process.env.MODULES);
    for (const [id, n] of modules.filter(([id]) => re.test(id)).sort((a, b) => b[1] - a[1]))
      console.log(`  ${id.padEnd(90)} ${(n / 1024).toFixed(1).padStart(7)} kB`);
  }
} finally {
  if (!process.env.KEEP) rmSync(outDir, { recursive: true, force: true });
  else console.log(outDir);
}
