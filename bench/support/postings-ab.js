// Two builds of the product compared on the posting path, in one process, on a machine others are using: each build
// runs as its own app on its own kept store (made for bench/postings.js: the SQLite files and bench-filled.json), and
// batches of postings (POST /api/v1/balances type 1, as postings.js sends them) go to one app and then the other,
// alternating which goes first. Each batch's figure is the CPU time of this thread (the API thread of both apps) a
// posting, so what the rest of the machine does between batches falls on both builds alike; the per-round ratios and
// their median are printed. Requests go through Fastify's `inject` (no sockets): the work both builds share (HTTP
// parsing, socket writes) is left out, which makes a difference between them look larger, not smaller.
//
//   node --no-memory-reducer bench/support/postings-ab.js <rounds> <batch> <concurrency> \
//     before=/path/to/old/worktree:/store/a after=/path/to/new/worktree:/store/b
//
// A worktree must be built (`npx tsc -b services`). Swap the stores between two runs and take both ratios: a store
// whose files were copied with `cp` was cached in large folios and ran 15-20 % slower than one read a page at a time
// (bench/README.md, "Large folios"); drop such a copy from the page cache first (`dd if=<file> iflag=nocache count=0`
// for each file). The stores are read a page at a time before the apps start.
import { readdirSync, readFileSync } from 'node:fs';
import { readInPages } from './cached-fill.js';

const [rounds, batch, concurrency, ...specs] = process.argv.slice(2);
if (!specs.length) throw new Error('usage: postings-ab.js <rounds> <batch> <concurrency> name=worktree:store ...');
const ROUNDS = Number(rounds);
const BATCH = Number(batch);
const CONCURRENCY = Number(concurrency);

/** CPU seconds of this thread (Linux: /proc/self/task/<pid>/stat, utime + stime in 1/100 s). */
function threadCpu() {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

for (const spec of specs) {
  const dir = spec.split('=')[1].split(':')[1];
  const t0 = performance.now();
  const bytes = readdirSync(dir)
    .filter((f) => /\.sqlite(-wal)?$/.test(f))
    .reduce((sum, f) => sum + readInPages(`${dir}/${f}`), 0);
  console.log(`read ${dir}: ${(bytes / 2 ** 30).toFixed(1)} GiB in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

const apps = [];
for (const spec of specs) {
  const [name, rest] = spec.split('=');
  const [root, dir] = rest.split(':');
  const { createApp } = await import(`${root}/services/dist/create-app.js`);
  const { loadConfig } = await import(`${root}/services/dist/platform/config/config.js`);
  const { benchEnv } = await import(`${root}/bench/lib.js`);
  const { MEMBERS } = await import(`${root}/projections/dist/owned/members.js`);
  const config = loadConfig(benchEnv(dir));
  let running;
  try {
    const { areas } = await import(`${root}/services/dist/areas.js`);
    running = await createApp(config, areas, { logger: false });
  } catch (error) {
    // A build from before the business areas (createApp without them).
    if (error.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    running = await createApp(config, { logger: false });
  }
  const fastify = running.app.getHttpAdapter().getInstance();
  await fastify.ready();
  const filled = JSON.parse(readFileSync(`${dir}/bench-filled.json`, 'utf8'));
  const docs = (
    await running.storage.readStore.find(MEMBERS.name, {
      cooperativeId: filled.cooperativeId,
      limit: filled.members + 10,
    })
  ).items;
  const active = docs.filter((d) => d.exitDate === null).map((d) => d.id);
  const login = await fastify.inject({
    method: 'POST',
    url: '/api/v1/login',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ username: 'admin', password: 'bench-Kennwort-2026' }),
  });
  if (login.statusCode !== 200) throw new Error(`${name}: sign-in failed (${login.statusCode})`);
  apps.push({ name, fastify, active, token: JSON.parse(login.body).token, running, cpu: [] });
  console.log(`${name}: ${root} on ${dir}, ${active.length} members not exited`);
}

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
let seed = 12345;
const random = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;

/** `n` postings on random members, `CONCURRENCY` at a time; the number not answered 201. */
async function postings(app, n) {
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next++ < n) {
      const payload = JSON.stringify({
        member: app.active[Math.floor(random() * app.active.length)],
        type: 1,
        quantity: 1 + Math.floor(random() * 5),
        date: today,
        approvalDate: today,
        interestBegin: today,
      });
      const res = await app.fastify.inject({
        method: 'POST',
        url: '/api/v1/balances',
        headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' },
        payload,
      });
      if (res.statusCode !== 201) failed++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return failed;
}

for (const app of apps) await postings(app, BATCH); // warm-up
for (let round = 0; round < ROUNDS; round++) {
  for (const app of round % 2 ? [...apps].reverse() : apps) {
    const cpu0 = threadCpu();
    const failed = await postings(app, BATCH);
    app.cpu.push(((threadCpu() - cpu0) * 1000) / BATCH);
    if (failed) console.log(`${app.name}: ${failed} postings not answered 201`);
  }
  const ratio =
    apps.length === 2 ? ` ${apps[1].name}/${apps[0].name} ${(apps[1].cpu.at(-1) / apps[0].cpu.at(-1)).toFixed(3)}` : '';
  console.log(
    `round ${round} ${new Date().toISOString().slice(11, 19)} ${apps.map((a) => `${a.name} ${a.cpu.at(-1).toFixed(3)} ms`).join(', ')}${ratio}`,
  );
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const app of apps) console.log(`${app.name}: median ${median(app.cpu).toFixed(3)} ms of the API thread a posting`);
if (apps.length === 2) {
  const ratios = apps[0].cpu.map((c, i) => apps[1].cpu[i] / c);
  console.log(
    `${apps[1].name}/${apps[0].name}: median ratio ${median(ratios).toFixed(3)} (rounds: ${ratios.map((x) => x.toFixed(2)).join(' ')})`,
  );
}
for (const app of apps) await app.running.close();
process.exit(0);
