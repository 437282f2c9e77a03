// What bench/members.js saves: the failed requests counted for each check, its figures and its checks against the
// targets (bench/README.md section 4).
import { round } from '../lib.js';

/** Errors, timeouts and answers with a status not in `ok`. */
const bad = (r, ok) =>
  r.errors +
  r.timeouts +
  Object.entries(r.statuses)
    .filter(([s]) => !ok.includes(s))
    .reduce((a, [, n]) => a + n, 0);
const figure = (r) => `p50 ${r.latencyMs.p50} / p95 ${r.latencyMs.p95} ms, ${r.requestsPerSecond} req/s`;
const failures = (n) => (n > 0 ? `, ${n} failed requests (errors/timeouts/other statuses)` : '');

/**
 * Errors, timeouts and unexpected statuses fail the check they belong to (a posting may collide with a
 * concurrent one on the same member: 409 after the retries is counted, not as a posting, and not as a failure).
 */
export function failedRequests({ list, offered, mixed, dashboard, bare, postings, widePostings }) {
  return {
    list:
      bad(list, ['200', '204']) +
      offered.reduce((n, o) => n + bad(o.list, ['200', '204']), 0) +
      (mixed ? bad(mixed.list, ['200', '204']) : 0),
    dashboardWhilePosting: mixed ? bad(mixed.dashboard, ['200']) : 0,
    dashboard: bad(dashboard, ['200']) + offered.reduce((n, o) => n + bad(o.dashboard, ['200']), 0),
    bare: bad(bare, ['200']),
    postings: bad(postings, ['201', '409']),
    widePostings: bad(widePostings, ['201', '409']),
    mixedPostings: mixed ? mixed.postings.failed : 0,
  };
}

/**
 * The result file's figures and checks: `run` holds what members.js measured (its runs, the fill, the answers it
 * checked), `settings` its knobs and targets, named as in members.js.
 */
export function membersResult(run, settings) {
  const {
    demo,
    fill,
    fillMs,
    openMs,
    memberCount,
    membersNotExited,
    membersOwing,
    stats,
    matches,
    postingsPerDashboard,
    serialList,
    serialDashboard,
    postings,
    widePostings,
    list,
    dashboard,
    offered,
    mixed,
    bare,
    failed,
  } = run;
  const {
    CONNECTIONS,
    DURATION,
    RATE_CONNECTIONS,
    WIDE_POSTING_CONNECTIONS,
    TERMS,
    TARGET_POSTINGS_PER_SECOND,
    TARGET_P99_MS,
    listPath,
    barePath,
  } = settings;
  const postingsPerSecond = postings.postingsPerSecond;
  const widePostingsPerSecond = widePostings.postingsPerSecond;
  const figures = {
    members: demo.members,
    postingsGenerated: demo.postings,
    eventsGenerated: demo.events,
    postingsByType: demo.postingsByType,
    exits: demo.exits,
    fillSeconds: round(fillMs / 1000, 1),
    fillReused: fill.reused,
    fillMadeAt: fill.info.madeAt,
    fillCommit: fill.info.commit,
    appStartSeconds: round(openMs / 1000, 1),
    fillAppendSeconds: demo.appendSeconds,
    fillProjectionSeconds: demo.projectionSeconds,
    membersNotExited,
    membersOwing,
    dashboardAfter: stats,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    terms: TERMS,
    matchesPerTerm: matches,
    postingsPerMemberDashboard: postingsPerDashboard,
    sequentialListMedianMs: serialList,
    sequentialDashboardMedianMs: serialDashboard,
    postings: { path: 'POST /api/v1/balances (type 1)', ...postings },
    widePostings: { path: 'POST /api/v1/balances (type 1)', connections: WIDE_POSTING_CONNECTIONS, ...widePostings },
    list: { path: listPath('<term>'), load: `closed loop, ${CONNECTIONS} connections (saturation)`, ...list },
    dashboard: {
      path: '/api/v1/dashboard/member/<id>',
      load: `closed loop, ${CONNECTIONS} connections (saturation)`,
      ...dashboard,
    },
    atOfferedLoad: offered.map((o) => ({
      load: `open loop, ${o.rate} req/s offered over ${RATE_CONNECTIONS} connections`,
      list: o.list,
      dashboard: o.dashboard,
    })),
    ...(mixed
      ? {
          whilePosting: {
            load: `open loop, ${mixed.rate} req/s offered over ${RATE_CONNECTIONS} connections, ${mixed.postingsPerSecond} postings/s written beside it`,
            ...mixed,
          },
        }
      : {}),
    bare: { path: barePath, ...bare },
    failedRequests: failed,
  };
  const checks = [
    {
      metric: `fill: ${demo.members} members, ${demo.postings} postings (generator)`,
      target: null,
      actual: round(fillMs / 1000, 1),
      unit: 's',
      pass: null,
      detail:
        `append ${demo.appendSeconds} s, read models ${demo.projectionSeconds} s, ${demo.events} events` +
        (fill.reused ? `; reused from bench/.data (filled ${fill.info.madeAt}, commit ${fill.info.commit})` : ''),
    },
    {
      metric: `postings/s via POST /balances, ${CONNECTIONS} conn`,
      target: `>= ${TARGET_POSTINGS_PER_SECOND}`,
      actual: postingsPerSecond,
      unit: 'postings/s',
      pass: postingsPerSecond >= TARGET_POSTINGS_PER_SECOND && failed.postings === 0,
      detail: `${figure(postings)}, p99 ${postings.latencyMs.p99} ms, ${JSON.stringify(postings.statuses)}${failures(failed.postings)}`,
    },
    {
      metric: `postings/s via POST /balances, ${WIDE_POSTING_CONNECTIONS} conn (reference: the server's ceiling)`,
      target: null,
      actual: widePostingsPerSecond,
      unit: 'postings/s',
      pass: null,
      detail: `${figure(widePostings)}, p99 ${widePostings.latencyMs.p99} ms, ${JSON.stringify(widePostings.statuses)}${failures(failed.widePostings)}`,
    },
    {
      metric: `member list p99, ${memberCount} members, ${CONNECTIONS} conn closed loop (saturation)`,
      target: `< ${TARGET_P99_MS}`,
      actual: list.latencyMs.p99,
      unit: 'ms',
      pass: list.latencyMs.p99 < TARGET_P99_MS && failed.list === 0,
      detail: figure(list) + failures(failed.list),
    },
    {
      metric: `member dashboard p99, ${CONNECTIONS} conn closed loop (saturation)`,
      target: `< ${TARGET_P99_MS}`,
      actual: dashboard.latencyMs.p99,
      unit: 'ms',
      pass: dashboard.latencyMs.p99 !== null && dashboard.latencyMs.p99 < TARGET_P99_MS && failed.dashboard === 0,
      detail: figure(dashboard) + failures(failed.dashboard),
    },
    ...offered.flatMap((o) =>
      [
        ['member list', o.list],
        ['member dashboard', o.dashboard],
      ].map(([what, r]) => ({
        metric: `${what} p99, offered ${o.rate} req/s (${RATE_CONNECTIONS} conn, open loop)`,
        target: `< ${TARGET_P99_MS}`,
        actual: r.latencyMs.p99,
        unit: 'ms',
        pass: r.latencyMs.p99 !== null && r.latencyMs.p99 < TARGET_P99_MS && !r.saturated,
        detail: `p50 ${r.latencyMs.p50} / p95 ${r.latencyMs.p95} ms, ${r.requestsPerSecond} req/s achieved${r.saturated ? ' (saturated)' : ''}`,
      })),
    ),
    ...(mixed
      ? [
          ['member list', mixed.list, failed.list],
          ['member dashboard', mixed.dashboard, failed.dashboardWhilePosting],
        ].map(([what, r, requestsFailed]) => ({
          metric: `${what} p99, offered ${mixed.rate} req/s while ${mixed.postingsPerSecond} postings/s are written`,
          target: `< ${TARGET_P99_MS}`,
          actual: r.latencyMs.p99,
          unit: 'ms',
          pass:
            r.latencyMs.p99 !== null &&
            r.latencyMs.p99 < TARGET_P99_MS &&
            !r.saturated &&
            requestsFailed === 0 &&
            failed.mixedPostings === 0,
          detail: `p50 ${r.latencyMs.p50} / p95 ${r.latencyMs.p95} ms, ${r.requestsPerSecond} req/s achieved; postings beside them ${mixed.postings.postingsPerSecond}/s, p99 ${mixed.postings.latencyMs.p99} ms${failures(failed.mixedPostings)}`,
        }))
      : []),
    {
      metric: 'bare route p99 (reference)',
      target: null,
      actual: bare.latencyMs.p99,
      unit: 'ms',
      pass: null,
      detail: figure(bare) + failures(failed.bare),
    },
  ];
  return { figures, checks };
}
