import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { NotificationRaised, RecordedEvent, TaskDto, TaskKind, TaskParams } from '@coop/contracts';
import type { RunningApp } from '../../../services/src/create-app.js';
import {
  TaskHandlerRegistry,
  type RunningTask,
  type TaskHandler,
  type TaskOutcome,
  type TaskRequest,
} from '../../../services/src/tasks/index.js';
import type { Permission } from '../../../services/src/auth/policy.js';
import { auth } from './app.js';

/* Handlers and waits of the task tests (test/api/tasks*.e2e.spec.ts). */

export const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString('utf8');
export const bytes = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'utf8'));

/**
 * A task of a product kind queued with a stand-in's script (`{script, n}`) in the place of the kind's parameters: the
 * only place that queues parameters of another shape than its kind's (TaskParamsOf), for a kind whose handler the test
 * has replaced with a ScriptedHandler (useHandlers), which reads nothing else.
 */
export const scripted = (request: {
  cooperativeId: string;
  user: string;
  kind: TaskKind;
  params: Readonly<Record<string, string | number>>;
}): TaskRequest => request as unknown as TaskRequest;

/** A promise the test settles from outside. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/**
 * A real handler whose work the task's `script` parameter chooses: `complete` (one file), `effect` and `bad-effect`
 * (an effect on a stream of its own, at the right revision or a wrong one), `reject`, `throw`, `input`
 * (first phase: a request file and wait for input; second: read the input, complete with it upper-cased), `wait`
 * (report progress 3 of 10, then wait for the gate and complete; also without a script), `hang` (never ends).
 */
export class ScriptedHandler implements TaskHandler {
  readonly runs: RunningTask[] = [];
  gate = gate();
  /** What its files need: the product handler's of its kind once `useHandlers` puts it in that handler's place. */
  filePermissions: readonly Permission[] = ['tasks:read'];

  constructor(
    readonly kind: TaskKind,
    readonly resumable: boolean,
  ) {}

  async run(task: RunningTask): Promise<TaskOutcome> {
    this.runs.push(task);
    // Its script (`scripted`), or a product route's parameters, which carry none: it waits (as `wait`) then.
    const params: TaskParams = task.params;
    const script = String(params.script ?? 'wait');
    const file = (name: string, content: string) => ({
      name,
      contentType: 'text/plain; charset=utf-8',
      bytes: bytes(content),
    });
    switch (script) {
      case 'complete':
        return {
          outcome: 'completed',
          files: [file(`result-${String(params.n ?? 1)}.txt`, `result of ${task.taskId}`)],
          summary: { records: 1 },
          effects: [],
          notifications: [],
        };
      case 'effect':
      case 'bad-effect': {
        // An event on a stream of its own; `bad-effect` expects that stream at a revision it is not at.
        const effect = {
          streamId: `tasktest-${task.taskId}`,
          expected: script === 'effect' ? ('no_stream' as const) : 5,
          events: [{ type: 'TaskTestEffect', data: { taskId: task.taskId } }],
        };
        return {
          outcome: 'completed',
          files: [file('with-effect.txt', 'x')],
          summary: {},
          effects: [effect],
          notifications: [{ type: 'generic', message: 'taskCompleted', parameters: ['effect'] }],
        };
      }
      case 'reject':
        return { outcome: 'rejected', reason: { template: 'fsakCurrentYear', parameters: [] }, notifications: [] };
      case 'throw':
        throw new Error('the BZSt answered 500');
      case 'input': {
        if (task.inputs.length === 0) {
          return {
            outcome: 'awaitingInput',
            files: [file('request.csv', 'request')],
            summary: { members: 2 },
            notifications: [],
          };
        }
        const answer = text(await task.readFile(task.inputs[0]!.fileId));
        return {
          outcome: 'completed',
          files: [file('answer-read.txt', answer.toUpperCase())],
          summary: { members: 2 },
          effects: [],
          notifications: [],
        };
      }
      case 'wait':
        task.progress(3, 10);
        await this.gate.promise;
        return { outcome: 'completed', files: [], summary: {}, effects: [], notifications: [] };
      case 'hang':
        task.progress(1, 4);
        return new Promise<TaskOutcome>(() => undefined);
      default:
        throw new Error(`unknown script ${script}`);
    }
  }
}

/** The test's handlers in place of the product's (put back by the returned function), their files guarded as the product's. */
export function useHandlers(
  running: { readonly app: { get<T>(type: abstract new (...args: never[]) => T): T } },
  handlers: readonly ScriptedHandler[],
): () => void {
  const registry = running.app.get(TaskHandlerRegistry);
  // A stand-in's files are guarded as the files of the kind it stands in for.
  for (const h of handlers) h.filePermissions = registry.handlerOf(h.kind)?.filePermissions ?? h.filePermissions;
  const before = handlers.map((h) => registry.replace(h));
  return () =>
    handlers.forEach((h, i) => {
      const previous = before[i];
      if (previous) registry.replace(previous);
      else registry.unregister(h.kind);
    });
}

export const getTask = (http: App, token: string, id: string): request.Test =>
  request(http).get(`/api/v1/tasks/${id}`).set(auth(token));

/** Polls the task until `done` says so (at most 15 s). */
export async function until(http: App, token: string, id: string, done: (task: TaskDto) => boolean): Promise<TaskDto> {
  const end = Date.now() + 15_000;
  for (;;) {
    const res = await getTask(http, token, id);
    if (res.status === 200 && done(res.body as TaskDto)) return res.body as TaskDto;
    if (Date.now() > end) throw new Error(`task ${id} never got there: ${res.status} ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
export const ended = (task: TaskDto): boolean =>
  ['completed', 'rejected', 'failed', 'waiting', 'cancelled'].includes(task.state);

/** The notifications a task raised, from the event log. */
export async function notificationsOf(running: RunningApp, taskId: string): Promise<NotificationRaised['data'][]> {
  const all = (await running.storage.events.readAll(-1n, 100_000)) as unknown as RecordedEvent<NotificationRaised>[];
  return all.filter((e) => e.type === 'NotificationRaised' && e.data.taskId === taskId).map((e) => e.data);
}
export const headlines = (ns: NotificationRaised['data'][]): [string, string[]][] =>
  ns.map((n) => [n.message, n.parameters]);
