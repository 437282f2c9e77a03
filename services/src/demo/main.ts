/**
 * `npm run demo [-- --seed 7 --members 300 --postings 1000]`: fills an empty store (DATA_DIR, default
 * ./data) with the demo cooperative. Run it with the server stopped; start the server afterwards.
 */
import { parseArgs } from 'node:util';
import { areas } from '../areas.js';
import { FirstStartRefused } from '../first-start.js';
import { createApp } from '../create-app.js';
import { loadConfig } from '../platform/config/config.js';
import { DEMO_COOPERATIVE } from './demo-catalogue.js';
import { DemoRefusedError, fillDemo } from './demo.js';
import { keepFilesPrivate } from '../platform/private-files.js';

// Nothing this process writes is readable by group or others (personal data and keys; decision 136).
keepFilesPrivate();

const USAGE = `Usage: npm run demo -- [--seed N] [--members N] [--postings N]
  --seed      PRNG seed; the same seed gives the same data (default 1)
  --members   members to admit (default 300; e.g. 100000 for benchmarks)
  --postings  about how many postings in all (default: about 3 per member)
Fills an EMPTY store in DATA_DIR (default ./data). Stop the server while it runs.`;

function whole(name: string, raw: string | undefined, fallback: number | undefined): number | undefined {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 1) {
    console.error(`--${name} must be a whole number of at least 1, got "${raw}"\n\n${USAGE}`);
    process.exit(2);
  }
  return n;
}

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    members: { type: 'string' },
    postings: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
  strict: true,
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const seed = whole('seed', values.seed, 1)!;
const members = whole('members', values.members, 300)!;
const postings = whole('postings', values.postings, undefined);

// On a new store the demo does the first start: the cooperative gets the demo's internal name unless one is given.
const loaded = loadConfig();
const config = process.env.COOPERATIVE_NAME ? loaded : { ...loaded, cooperativeName: DEMO_COOPERATIVE.name };
const running = await createApp(config, areas, { logger: false }).catch((error: unknown) => {
  if (!(error instanceof FirstStartRefused)) throw error;
  console.error(`\nThe demo did not start. ${error.message}`);
  process.exit(1);
});
let exitCode = 0;
try {
  console.log(
    `Demo data for ${config.dataDir}: ${members} members, seed ${seed}${postings ? `, about ${postings} postings` : ''}`,
  );
  const s = await fillDemo(running, {
    seed,
    members,
    ...(postings ? { postings } : {}),
    log: (line) => console.log(line),
  });
  const t = s.postingsByType;
  console.log(`
Done in ${s.seconds} s (appending ${s.appendSeconds} s, projections ${s.projectionSeconds} s more): ${s.events} events.
Cooperative: ${s.cooperativeName}, share price ${(s.terms.shareCost / 100).toFixed(2).replace('.', ',')} EUR, minimum ${s.terms.minimumShares} shares, notice period ${s.terms.noticePeriodMonths} months
Members:     ${s.members} (${s.legalEntities} legal entities, ${s.couples} married couples, ${s.foreign} abroad, ${s.minors} minors; ${s.withTaxId} with a tax id, ${s.withChurch} with church data)
Postings:    ${s.postings}: ${t[0]} subscriptions, ${t[1]} additional shares, ${t[2]} partial terminations, ${t[3]} transfers (+${t[4]} incoming halves), ${t[5]} annulations, ${t[6]} deaths, ${t[7]} exclusions, ${t[8]} exits
Tax papers:  ${s.exemptionOrders} exemption orders (${s.jointExemptionOrders} joint), ${s.nonAssessments} non-assessment certificates
Settlements: ${s.settlements.paid} paid (${s.settlements.heirs} to heirs, ${s.settlements.withLossShare} with the loss share of ${s.settlements.lossShareYear ?? '-'}), ${s.settlements.due} due
Payment reminders: ${s.reminders.first} first, ${s.reminders.second} second
Exits:       ${s.exits.death + s.exits.dissolution + s.exits.exclusion + s.exits.exit} (${s.exits.death} deaths, ${s.exits.dissolution} dissolutions, ${s.exits.exclusion} exclusions, ${s.exits.exit} notices; ${s.exits.pending} still to take effect; ${s.exits.withdrawn} notices withdrawn)`);
  const first = running.firstStart;
  if (first?.generatedPassword) {
    console.log(`\nSign in as "${first.username}" with the generated password: ${first.generatedPassword}`);
    console.log('It is shown only this once. Change it under Users after signing in.');
  } else if (first) {
    console.log(`\nSign in as "${first.username}" with the password from ADMIN_PASSWORD.`);
  } else {
    console.log('\nSign in with an existing user of this data directory (the administrator of the first start).');
  }
  console.log(
    `Start the server with the same DATA_DIR (${config.dataDir}): npm start, then http://localhost:${config.port}`,
  );
} catch (error) {
  if (!(error instanceof DemoRefusedError)) throw error;
  console.error(`\nNothing was written. ${error.message}`);
  exitCode = 1;
} finally {
  await running.close();
}
process.exit(exitCode);
