// Phase (b) of bench/dividend.js: one closure of the year on the run's copy of the fill, measured from the outside.
import { log, now, round } from '../lib.js';
import { processUsage, usageBetween } from './api-process.js';
import { calc, getJson, safeJson } from './dividend-requests.js';
import { followLog, readModelLag, readModelsCurrent } from './store-probe.js';
import { enterMissingTaxIds } from './tax-id-fixes.js';

/**
 * The closure POST /api/v1/dividend/store of `params`: the members the calculation (`answer`, of `calcPath`) names are
 * fixed first (their tax ids entered); then the time to its answer and until the read models include it, the events it
 * wrote (counted in the event log through `probe`), the API's CPU and memory (`memory`, reset first), and the closure
 * read back whole, as its first page of `page` members and by net payout. Answers `{ closure, fixes }`.
 */
export async function closeYear({ api, auth, probe, memory, params, year, page, answer, calcPath }) {
  let closure = null;
  let fixes = null;
  // The members the calculation names (the console links each to its form): their tax ids entered first.
  if (answer.errors.length > 0) {
    log(
      `    the calculation names members to fix before a closure: ${answer.errors.map((e) => `${e.code} ${e.members.length}`).join(', ')}; entering their tax ids`,
    );
    fixes = await enterMissingTaxIds(api.url, auth, answer.errors);
    await readModelsCurrent(probe);
    const check = JSON.parse((await calc(api, auth, calcPath, { keep: true })).body);
    fixes.errorsAfter = check.errors.map((e) => ({ code: e.code, members: e.members.length }));
    log(
      `    ${fixes.members} members changed (${fixes.requests} requests, ${fixes.ms} ms); the calculation's errors now ${JSON.stringify(fixes.errorsAfter)}`,
    );
  }
  memory.reset();
  const closureRssBeforeMb = memory.rssMb();
  const closureAnonBeforeMb = memory.anonMb();
  const headBefore = probe.head();
  const countBefore = probe.count();
  log(`(b) POST /api/v1/dividend/store ${JSON.stringify(params)}`);
  const usageBefore = processUsage(api.pid);
  // Issue 41: the closure's member results in the read models within 10 s of its last step (its last append).
  const following = followLog(probe);
  const t = now();
  const res = await fetch(`${api.url}/api/v1/dividend/store`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(params),
  });
  const text = await res.text();
  const answerMs = round(now() - t, 0);
  const stored = safeJson(text);
  const shownMs = round(answerMs + (await readModelsCurrent(probe)), 0);
  const lag = readModelLag(following.stop());
  const usage = usageBetween(usageBefore, processUsage(api.pid));
  const eventsWritten = probe.count() - countBefore;
  const eventTypes = probe.typesAfter(headBefore);
  closure = {
    status: res.status,
    answerMs,
    shownMs,
    readModelLag: lag,
    eventsWritten,
    eventTypes,
    ...usage,
    rssBeforeMb: closureRssBeforeMb,
    peakMb: memory.peakMb(),
    sampledPeakMb: memory.sampledPeakMb(),
    rssAfterMb: memory.rssMb(),
    // Issue 40: the anonymous memory the closure adds to the API process (at most 1.5 GB), sampled every 50 ms.
    anonBeforeMb: closureAnonBeforeMb,
    anonPeakMb: memory.anonPeakMb(),
    anonAddedMb: memory.anonPeakMb() - closureAnonBeforeMb,
    dividendId: stored?.id ?? null,
    memberCount: stored?.memberCount ?? null,
    ...(res.status >= 300 ? { refusal: stored ?? text.slice(0, 2000) } : {}),
  };
  log(
    `    ${res.status} after ${answerMs} ms, in the read models after ${shownMs} ms (last append at ${lag.lastAppendMs} ms, ` +
      `the read models ${lag.lagMs} ms behind it, at most ${lag.mostEventsBehind} events behind); ${eventsWritten} events ${JSON.stringify(eventTypes)}; ` +
      `API CPU ${usage.cpuSeconds} s, resident ${closureRssBeforeMb} MB before, peak ${closure.peakMb} MB; ` +
      `anonymous ${closureAnonBeforeMb} MB before, peak ${closure.anonPeakMb} MB (+${closure.anonAddedMb} MB)`,
  );
  if (res.status >= 300) log(`    refused: ${text.slice(0, 1000)}`);
  if (!closure.dividendId && [201, 202].includes(res.status)) {
    // A 202 answer (saved, not yet shown) names no closure: the year's entry does.
    closure.dividendId =
      (await getJson(api.url, '/api/v1/dividend/years', auth)).find((y) => y.key === year)?.dividendId ?? null;
  }
  if (closure.dividendId) {
    const t1 = now();
    const shown = await getJson(api.url, `/api/v1/dividend/${closure.dividendId}`, auth);
    closure.getClosureMs = round(now() - t1, 0);
    closure.closedMembers = shown.members.length;
    const t2 = now();
    const shownPage = await getJson(api.url, `/api/v1/dividend/${closure.dividendId}?offset=0&limit=${page}`, auth);
    closure.getClosurePageMs = round(now() - t2, 0);
    const t3 = now();
    const byNet = await getJson(
      api.url,
      `/api/v1/dividend/${closure.dividendId}/members?offset=0&limit=${page}&order_by=-paymentAmount`,
      auth,
    );
    closure.getMembersByNetMs = round(now() - t3, 0);
    log(
      `    GET /api/v1/dividend/${closure.dividendId}: ${closure.getClosureMs} ms, ${shown.members.length} members; its first page of ${shownPage.members.length}: ` +
        `${closure.getClosurePageMs} ms; /members, ${byNet.length} by net payout descending: ${closure.getMembersByNetMs} ms`,
    );
  }
  return { closure, fixes };
}
