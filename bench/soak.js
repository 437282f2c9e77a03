// Soak run (issue 28): the built product (`node --no-memory-reducer services/dist/main.js`, embedded SQLite stores, as
// `npm start` runs it) under a steady load of mixed reads and writes by several clerks for BENCH_SOAK_MINUTES
// (default 10). Every clerk is signed in as its own user, keeps one connection (as a browser tab does) and sends a
// request every 1/BENCH_SOAK_RATE s (default 4 per clerk; a late answer does not shift the schedule of the next):
//   45 % the members list (a page of 25 by name, one in five with a search), 15 % one member, 10 % a member's
//   dashboard, 5 % the clerk's own user, 20 % a posting (POST /balances, type 1, 1-3 shares, today), 5 % a new member.
// Every minute: the server process's resident set (VmRSS, and of it the anonymous memory RssAnon, the part a leak
// grows: the file-backed part is the memory-mapped event log, which grows with the log by design, decision 41), the
// error answers (4xx and 5xx; a refused request is an error here, the load sends only valid ones), dropped
// connections, and p50/p99 of the reads and of the writes.
// Checks: no error answer, no dropped connection; memory flat after the first minute (RssAnon of the last minute at
// most 10 % or 24 MiB, whichever is more, above that of the first); p99 of the reads in every minute under the list
// target (25 ms, bench/list.js). Writes' p99 is shown for information (a posting syncs the event log).
//
//   npm run build && node bench/soak.js        (BENCH_SOAK_MINUTES=3 for a shorter run; BENCH_SOAK_CLERKS, BENCH_SOAK_RATE)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { latencySummary, log, now, PRODUCT_NODE_FLAGS, rng, ROOT, round, saveResult, tempDataDir } from './lib.js';

const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const CLERKS = Number(process.env.BENCH_SOAK_CLERKS ?? 6);
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 4);
const SEED_MEMBERS = Number(process.env.BENCH_SOAK_MEMBERS ?? 300);
const READ_P99_TARGET_MS = 25;
const MEMORY_SLACK = { ratio: 0.1, bytes: 24 * 2 ** 20 };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const MiB = (bytes) => round(bytes / 2 ** 20, 1);

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The resident set of a process from /proc (bytes): total, anonymous, file-backed. */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile') };
}

/** One HTTP call (JSON in and out) on `agent`; resolves with the status (0: the connection dropped) and the time. */
function call(base, agent, method, path, token, body) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const t0 = now();
    const req = request(
      `${base}${path}`,
      {
        method,
        agent,
        // The clerks act: their requests renew the session's idle time (issue 38), and they take the renewed token.
        headers: {
          ...(token ? { Authorization: `Bearer ${token}`, 'X-User-Activity': '1' } : {}),
          ...(payload ? { 'Content-Type': 'application/json' } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        const renewed = /^Bearer (\S+)$/.exec(String(res.headers.authorization ?? ''))?.[1];
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: now() - t0,
            renewed,
            body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text,
          }),
        );
        res.on('error', () => resolve({ status: 0, ms: now() - t0, body: null }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: now() - t0, body: null }));
    if (payload) req.write(payload);
    req.end();
  });
}

const startedAt = now();
const main = join(ROOT, 'services', 'dist', 'main.js');
if (!existsSync(main)) throw new Error('Build first: npx tsc -b services');
const { dir } = tempDataDir('soak');
const port = await freePort();
const base = `http://127.0.0.1:${port}/api/v1`;
const adminPassword = `Soak-${randomBytes(9).toString('base64url')}`;
let output = '';
const server = spawn(process.execPath, [...PRODUCT_NODE_FLAGS, main], {
  cwd: ROOT,
  env: {
    ...process.env,
    NODE_OPTIONS: '',
    PORT: String(port),
    DATA_DIR: dir,
    ADMIN_PASSWORD: adminPassword,
    JWT_SECRET: randomBytes(32).toString('hex'),
    EVENT_STORE_URL: '',
    MONGODB_URL: '',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.on('data', (d) => (output += d));
server.stderr.on('data', (d) => (output += d));
const stopServer = async () => {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
};

try {
  const setup = new Agent({ keepAlive: true, maxSockets: 4 });
  for (let up = false, deadline = Date.now() + 60_000; !up; await sleep(200)) {
    if (server.exitCode !== null) throw new Error(`the product exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the product did not start:\n${output}`);
    up = (await call(base, setup, 'GET', '/ping')).status === 401;
  }
  const must = async (what, res, status) => {
    if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const admin = (
    await must(
      'sign-in',
      await call(base, setup, 'POST', '/login', undefined, { username: 'admin', password: adminPassword }),
      200,
    )
  ).token;
  const cooperative = JSON.parse(Buffer.from(admin.split('.')[1], 'base64url').toString()).cooperative;
  await must(
    'cooperative terms',
    await call(base, setup, 'PUT', `/cooperatives/${cooperative}`, admin, {
      name: 'eg-soak',
      fullName: 'Soak eG',
      address: 'Hauptstraße 1',
      zip: '12345',
      city: 'Musterstadt',
      email: 'info@soak.example',
      contactPerson: 'Erika Mustermann',
      url: 'https://soak.example',
      taxId: '1121081508150',
      taxOffice: 'Finanzamt Musterstadt',
      bankname: 'Musterbank',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      balanceCost: 25000,
      minimumShares: 1,
    }),
    200,
  );
  const random = rng(28);
  const names = [
    'Müller',
    'Schmidt',
    'Schneider',
    'Fischer',
    'Weber',
    'Meyer',
    'Wagner',
    'Becker',
    'Schulz',
    'Hoffmann',
  ];
  const givenNames = ['Anna', 'Jonas', 'Lea', 'Paul', 'Marie', 'Felix', 'Sophie', 'Lukas'];
  const newMember = () => ({
    memberType: 1,
    position: 0,
    salutation: 'Frau',
    postalSalutation: 'female',
    title: 'none',
    givenName: givenNames[Math.floor(random() * givenNames.length)],
    name: names[Math.floor(random() * names.length)],
    birthDate: '1980-04-12',
    legalForm: 0,
    civilStatus: 0,
    street: 'Lindenweg',
    streetHomeNumber: String(1 + Math.floor(random() * 99)),
    zipCode: '12345',
    city: 'Musterstadt',
    state: 'by',
    isForeign: false,
    privateEmail: 'member@example.org',
    bankname: 'Musterbank',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    entryDate: '2020-01-15',
    approvalDate: '2020-01-20',
    interestBegin: '2020-02-01',
    shareAmount: 2,
  });
  const memberIds = [];
  log(`seeding ${SEED_MEMBERS} members`);
  for (let i = 0; i < SEED_MEMBERS; i++)
    memberIds.push(
      (await must('seed member', await call(base, setup, 'POST', '/members', admin, newMember()), 201)).id,
    );
  const clerks = [];
  for (let i = 0; i < CLERKS; i++) {
    const password = `Buchung-${i}-${randomBytes(6).toString('hex')}`;
    await must(
      'clerk',
      await call(base, setup, 'POST', '/users', admin, {
        username: `clerk${i}`,
        password,
        passwordRepeat: password,
        roles: ['ROLE_ADMIN'],
      }),
      201,
    );
    const token = (
      await must(
        'clerk sign-in',
        await call(base, setup, 'POST', '/login', undefined, { username: `clerk${i}`, password }),
        200,
      )
    ).token;
    clerks.push({ token, agent: new Agent({ keepAlive: true, maxSockets: 1 }) });
  }
  setup.destroy();

  const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  const pick = () => memberIds[Math.floor(random() * memberIds.length)];
  /** One request of the mix: [kind, method, path, body]. */
  const nextRequest = () => {
    const r = random();
    if (r < 0.45) {
      const search =
        random() < 0.2 ? `&search=${encodeURIComponent(names[Math.floor(random() * names.length)].slice(0, 3))}` : '';
      return [
        'read',
        'GET',
        `/members?offset=${25 * Math.floor(random() * Math.max(1, memberIds.length / 25))}&limit=25&order_by=name${search}`,
      ];
    }
    if (r < 0.6) return ['read', 'GET', `/members/${pick()}`];
    if (r < 0.7) return ['read', 'GET', `/dashboard/member/${pick()}`];
    if (r < 0.75) return ['read', 'GET', '/users/me'];
    if (r < 0.95)
      return [
        'write',
        'POST',
        '/balances',
        {
          member: pick(),
          type: 1,
          quantity: 1 + Math.floor(random() * 3),
          date: today(),
          approvalDate: today(),
          interestBegin: today(),
        },
      ];
    return ['write', 'POST', '/members', newMember()];
  };

  const minutes = [];
  let current;
  const openMinute = () => (current = { reads: [], writes: [], statuses: {}, errors: 0, dropped: 0, errorSamples: [] });
  openMinute();
  const interval = 1000 / RATE;
  const endAt = Date.now() + MINUTES * 60_000;
  log(`soak: ${CLERKS} clerks x ${RATE} req/s for ${MINUTES} min against the embedded product (pid ${server.pid})`);
  const memoryAtStart = memoryOf(server.pid);
  const clerkLoop = async (clerk, offset) => {
    const { agent } = clerk;
    let due = Date.now() + offset;
    while (due < endAt) {
      const wait = due - Date.now();
      if (wait > 0) await sleep(wait);
      due += interval;
      const [kind, method, path, body] = nextRequest();
      const res = await call(base, agent, method, path, clerk.token, body);
      if (res.renewed) clerk.token = res.renewed;
      const minute = current;
      minute.statuses[res.status] = (minute.statuses[res.status] ?? 0) + 1;
      if (res.status === 0) minute.dropped++;
      else if (res.status >= 400) {
        minute.errors++;
        if (minute.errorSamples.length < 3)
          minute.errorSamples.push(`${method} ${path} ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
      (kind === 'read' ? minute.reads : minute.writes).push(res.ms);
      if (kind === 'write' && path === '/members' && res.status === 201) memberIds.push(res.body.id);
    }
  };
  const sampler = (async () => {
    for (let m = 1; m <= MINUTES; m++) {
      const peak = { rss: 0, anon: 0, file: 0 };
      for (let s = 0; s < 6; s++) {
        await sleep(10_000);
        const mem = memoryOf(server.pid);
        for (const k of Object.keys(peak)) peak[k] = Math.max(peak[k], mem[k]);
      }
      const done = current;
      openMinute();
      const mem = memoryOf(server.pid);
      const reads = latencySummary(done.reads);
      const writes = latencySummary(done.writes);
      const row = {
        minute: m,
        requests: done.reads.length + done.writes.length,
        errors: done.errors,
        dropped: done.dropped,
        statuses: done.statuses,
        rssMiB: MiB(mem.rss),
        anonMiB: MiB(mem.anon),
        fileMiB: MiB(mem.file),
        peakRssMiB: MiB(peak.rss),
        readP50Ms: reads.p50,
        readP99Ms: reads.p99,
        writeP50Ms: writes.p50,
        writeP99Ms: writes.p99,
        errorSamples: done.errorSamples,
      };
      minutes.push(row);
      log(
        `minute ${m}: ${row.requests} requests, ${row.errors} errors, ${row.dropped} dropped; RSS ${row.rssMiB} MiB (anonymous ${row.anonMiB}, file ${row.fileMiB}); reads p50 ${row.readP50Ms} / p99 ${row.readP99Ms} ms, writes p50 ${row.writeP50Ms} / p99 ${row.writeP99Ms} ms`,
      );
      for (const e of row.errorSamples) log(`  ${e}`);
    }
  })();
  await Promise.all([...clerks.map((c, i) => clerkLoop(c, (i * interval) / CLERKS)), sampler]);
  for (const c of clerks) c.agent.destroy();

  const first = minutes[0];
  const last = minutes.at(-1);
  const allowed = Math.max(first.anonMiB * MEMORY_SLACK.ratio, MiB(MEMORY_SLACK.bytes));
  const growth = round(last.anonMiB - first.anonMiB, 1);
  const errors = minutes.reduce((s, m) => s + m.errors, 0);
  const dropped = minutes.reduce((s, m) => s + m.dropped, 0);
  const requests = minutes.reduce((s, m) => s + m.requests, 0);
  const worstReadP99 = Math.max(...minutes.map((m) => m.readP99Ms ?? 0));
  const worstWriteP99 = Math.max(...minutes.map((m) => m.writeP99Ms ?? 0));
  const flat = growth <= allowed;
  log(
    `memory after the first minute: anonymous ${first.anonMiB} -> ${last.anonMiB} MiB (${growth >= 0 ? '+' : ''}${growth}, allowed +${round(allowed, 1)}): ${flat ? 'flat' : 'GROWING'}`,
  );
  saveResult(
    'soak',
    startedAt,
    {
      minutes: MINUTES,
      clerks: CLERKS,
      ratePerClerk: RATE,
      seedMembers: SEED_MEMBERS,
      membersAtEnd: memberIds.length,
      requests,
      errors,
      dropped,
      memoryAtStartMiB: { rss: MiB(memoryAtStart.rss), anon: MiB(memoryAtStart.anon), file: MiB(memoryAtStart.file) },
      anonGrowthAfterFirstMinuteMiB: growth,
      perMinute: minutes,
    },
    [
      {
        metric: `error answers in ${requests} requests (${CLERKS} clerks, ${MINUTES} min)`,
        target: '0',
        actual: errors,
        unit: 'answers',
        pass: errors === 0,
      },
      { metric: 'dropped connections', target: '0', actual: dropped, unit: 'connections', pass: dropped === 0 },
      {
        metric: 'anonymous memory growth after the first minute',
        target: `<= ${round(allowed, 1)}`,
        actual: growth,
        unit: 'MiB',
        pass: flat,
        detail: `RSS per minute: ${minutes.map((m) => m.rssMiB).join(', ')} MiB`,
      },
      {
        metric: 'reads p99, worst minute',
        target: `< ${READ_P99_TARGET_MS}`,
        actual: worstReadP99,
        unit: 'ms',
        pass: worstReadP99 < READ_P99_TARGET_MS,
      },
      { metric: 'writes p99, worst minute (information)', target: null, actual: worstWriteP99, unit: 'ms', pass: null },
    ],
  );
} finally {
  await stopServer();
}
