// The dividend's read models in the fill bench/dividend.js keeps in bench/.data/ (rebuilt there once when missing).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchEnv, built, log, now, round, ROOT } from '../lib.js';
import { storeProbe } from './store-probe.js';

/**
 * The dividend's read models in the kept fill: a fill made before they existed has none; its read models are rebuilt
 * once, in bench/.data/ (`services/dist/rebuild.js`, as `npm run projections:rebuild`), timed and noted in its fill.json.
 */
export async function dividendReadModels(keptDir) {
  const { DIVIDEND_INPUTS } = await built('projections/dist/owned/dividend.js');
  const { MEMBERS: MEMBERS_COLLECTION } = await built('projections/dist/owned/members.js');
  const probe = storeProbe(keptDir);
  const inputs = probe.documents(DIVIDEND_INPUTS.name);
  const members = probe.documents(MEMBERS_COLLECTION.name);
  probe.close();
  if (inputs) {
    // Rebuilt by an earlier run: its figure is the one of record.
    const rebuilt = JSON.parse(readFileSync(join(keptDir, 'fill.json'), 'utf8')).rebuilds?.at(-1);
    return rebuilt ? { ...rebuilt, earlierRun: true } : null;
  }
  log(
    `    the fill's read models have no ${DIVIDEND_INPUTS.name} (${members} members): npm run projections:rebuild, once, in bench/.data/`,
  );
  const t = now();
  const output = execFileSync(process.execPath, [join(ROOT, 'services/dist/rebuild.js')], {
    env: benchEnv(keptDir),
    encoding: 'utf8',
  }).trim();
  const seconds = round((now() - t) / 1000, 1);
  log(`    ${output} (${seconds} s with the process's start)`);
  const file = join(keptDir, 'fill.json');
  const info = JSON.parse(readFileSync(file, 'utf8'));
  const rebuilt = { at: new Date().toISOString(), seconds, output, commit: commitId() };
  writeFileSync(file, `${JSON.stringify({ ...info, rebuilds: [...(info.rebuilds ?? []), rebuilt] }, null, 2)}\n`);
  return rebuilt;
}

function commitId() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}
