// The import bench's write through the API (bench/import.js, BENCH_IMPORT_VIA=api; issue 40): the API in a process of
// its own on the bench's store (api-process.js), signed in as the administrator, the files inspected and mapped as the
// console does (`POST /import/inspect`, every sheet with its guessed kind and columns: admin-ui's
// `toImportMapping(initialMapping(...))`), then `POST /import` (multipart: `files`, `mapping`, `confirmWarnings=true`)
// and, for a 202, its task polled (`GET /tasks/{id}`, as the console follows it) until it ends. The API process's
// anonymous memory (RssAnon of /proc/PID/status: the memory-mapped event log and read store not counted, issue 40's
// bound) is sampled by `memoryWatch` from just before the upload until the task ends.
import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import { load, now, round } from '../lib.js';
import { memoryWatch, processUsage, startApi, usageBetween } from './api-process.js';
import { anonMb } from './proc-status.js';
import { signIn } from './sign-in.js';

const POLL_MS = 250;
const SAMPLE_MS = 200;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The multipart body the console sends (admin-ui/src/member-import/requests.ts `uploadBody`). */
async function uploadBody(paths, mapping, confirmWarnings) {
  const body = new FormData();
  for (const path of paths) body.append('files', await openAsBlob(path, { type: 'text/csv' }), basename(path));
  if (mapping) body.append('mapping', JSON.stringify(mapping));
  if (confirmWarnings) body.append('confirmWarnings', 'true');
  return body;
}

/** The console's mapping from an inspection: every sheet of a known kind with its guessed columns, formats as detected. */
export function consoleMapping(inspection) {
  return {
    sheets: inspection.files.flatMap((f) =>
      f.sheets
        .filter((s) => s.kind)
        .map((s) => ({
          sheet: s.sheet,
          kind: s.kind,
          columns: Object.fromEntries(s.headers.map((h) => [h, s.mapping[h] ?? null])),
        })),
    ),
  };
}

async function json(res, what) {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${what}: ${res.status} ${text.slice(0, 400)}`);
  }
}

/**
 * RssAnon of `pid` every 200 ms with the wall clock: the peak up to a time the task names (its `endedAt`) is known
 * afterwards. `peakUntil(ms)`: the highest sample at or before `ms`.
 */
function anonTimeline(pid) {
  const samples = [];
  const take = () => samples.push([Date.now(), anonMb(pid)]);
  take();
  const timer = setInterval(take, SAMPLE_MS);
  timer.unref(); // a failed run does not wait for it
  return {
    stop: () => clearInterval(timer),
    peakUntil: (ms) => samples.reduce((peak, [t, mb]) => (t <= ms ? Math.max(peak, mb) : peak), 0),
  };
}

/** Polls `GET /tasks/{id}` until the task is no longer queued, running or waiting; answers the last answer. */
async function taskEnd(url, auth, taskId) {
  for (;;) {
    const res = await fetch(`${url}/api/v1/tasks/${taskId}`, { headers: auth });
    const task = await json(res, `GET /tasks/${taskId}`);
    if (res.status !== 200) throw new Error(`GET /tasks/${taskId}: ${res.status} ${JSON.stringify(task)}`);
    if (!['queued', 'running', 'waiting'].includes(task.state)) return task;
    await sleep(POLL_MS);
  }
}

/**
 * Writes the files through the API started on `storeDir` and answers the figures: the answer's status, the task's end,
 * the seconds from the request to the write's end, the API's anonymous memory at its start, before the upload and at
 * its peak until the write ended (and the added amount), its peak resident set in that time, its CPU seconds, the load.
 */
export async function writeViaApi(storeDir, paths, log) {
  const api = await startApi(storeDir);
  const memory = memoryWatch(api.pid);
  try {
    const anonAtStartMb = memory.anonMb();
    const auth = { authorization: `Bearer ${await signIn(api.url)}` };
    const inspected = await fetch(`${api.url}/api/v1/import/inspect`, {
      method: 'POST',
      headers: auth,
      body: await uploadBody(paths),
    });
    const inspection = await json(inspected, 'POST /import/inspect');
    if (inspected.status !== 200)
      throw new Error(`POST /import/inspect: ${inspected.status} ${JSON.stringify(inspection)}`);
    const mapping = consoleMapping(inspection);
    const rows = inspection.files.flatMap((f) => f.sheets).reduce((n, s) => n + s.rows, 0);
    log(
      `    API (pid ${api.pid}) listening after ${round(api.startMs / 1000, 1)} s, anonymous ${anonAtStartMb} MB; inspected ${rows} rows: ` +
        mapping.sheets.map((s) => `${s.sheet} as ${s.kind}`).join(', '),
    );

    // The write: from the request to the task's end (or the 201's answer for IMPORT_SYNC_ROWS rows or fewer).
    const body = await uploadBody(paths, mapping, true); // generated households share IBANs: confirmed, as the CLI mode does
    memory.reset();
    const timeline = anonTimeline(api.pid);
    const anonBeforeMb = memory.anonMb();
    const residentBeforeMb = memory.rssMb();
    const loadBefore = load();
    const usageBefore = processUsage(api.pid);
    const t0 = now();
    const requestedAt = Date.now();
    const res = await fetch(`${api.url}/api/v1/import`, { method: 'POST', headers: auth, body });
    const answer = await json(res, 'POST /import');
    const answerSeconds = round((now() - t0) / 1000, 1);
    if (![201, 202].includes(res.status)) throw new Error(`POST /import: ${res.status} ${JSON.stringify(answer)}`);
    const task = res.status === 202 ? await taskEnd(api.url, auth, answer.taskId) : null;
    const seconds = round((now() - t0) / 1000, 1);
    const anonPeakMb = Math.max(memory.anonPeakMb(), memory.anonMb() ?? 0);
    timeline.stop();
    // The write's end as the task records it: the tasks read model says "completed" only once the read models have
    // projected the import's events before the task's own, so the console sees the end later (both are reported).
    const endedAt = task ? Date.parse(task.endedAt) : Date.now();
    const anonPeakUntilEndedMb = timeline.peakUntil(endedAt);
    const figure = {
      status: res.status,
      answerSeconds,
      task: task && {
        id: task.id,
        state: task.state,
        done: task.done,
        total: task.total,
        summary: task.summary,
        reason: task.reason,
        error: task.error,
        startedAt: task.startedAt,
        endedAt: task.endedAt,
      },
      result: task ? null : answer,
      writeSeconds: task ? round((endedAt - requestedAt) / 1000, 1) : seconds,
      seconds,
      anonAtStartMb,
      anonBeforeMb,
      anonPeakMb,
      anonAddedMb: anonPeakMb - anonBeforeMb,
      anonPeakUntilEndedMb,
      anonAddedUntilEndedMb: anonPeakUntilEndedMb - anonBeforeMb,
      anonAddedSinceStartMb: anonPeakMb - anonAtStartMb,
      anonAtEndMb: memory.anonMb(),
      residentBeforeMb,
      residentPeakMb: memory.peakMb(),
      usage: usageBetween(usageBefore, processUsage(api.pid)),
      load: [loadBefore, load()],
    };
    // Written: not refused, not failed, and not `written: false` (the same files imported before).
    figure.ok = res.status === 201 ? answer.written === true : task.state === 'completed' && task.summary.written === 1;
    return figure;
  } finally {
    memory.stop();
    await api.stop();
  }
}
