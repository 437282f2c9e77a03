import { describe, expect, it } from '@jest/globals';
import { Injectable, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { TaskHandlerRegistry } from './task-handler-registry.js';
import {
  TaskHandlerProvider,
  type RunningTask,
  type TaskHandler,
  type TaskOutcome,
  type TaskQueue,
} from './task-port.js';

/*
 * How task handlers are found (issue 44, decision 208): declared `@TaskHandlerProvider()` in any module, registered by
 * the registry when the modules start, one per kind; and the parameters of each kind, checked by the compiler where a
 * task is queued and where its handler reads them (the `@ts-expect-error` lines stop compiling without the typing).
 */

const done: TaskOutcome = { outcome: 'completed', files: [], summary: {}, effects: [], notifications: [] };

@TaskHandlerProvider()
@Injectable()
class FsakStandIn implements TaskHandler<'fsak'> {
  readonly kind = 'fsak' as const;
  readonly resumable = true;
  readonly filePermissions = ['dividend:close'] as const;
  readonly seen: string[] = [];

  async run(task: RunningTask<'fsak'>): Promise<TaskOutcome> {
    // The kind's parameters, typed: a year is a number, a closure an id.
    const year: number = task.params.year;
    this.seen.push(`${task.params.dividendId} ${year}`);
    return done;
  }
}

@TaskHandlerProvider()
@Injectable()
class SecondFsak extends FsakStandIn {}

/** Not declared: the registry leaves it alone. */
@Injectable()
class Undeclared implements TaskHandler<'kistam'> {
  readonly kind = 'kistam' as const;
  readonly resumable = false;
  readonly filePermissions = ['church:read'] as const;
  async run(): Promise<TaskOutcome> {
    return done;
  }
}

@Module({ providers: [FsakStandIn, Undeclared] })
class SomeAreaModule {}

@Module({ providers: [SecondFsak] })
class OtherAreaModule {}

async function started(...areas: (typeof SomeAreaModule)[]): Promise<TaskHandlerRegistry> {
  const module = await Test.createTestingModule({
    imports: [DiscoveryModule, ...areas],
    providers: [TaskHandlerRegistry],
  }).compile();
  await module.init();
  return module.get(TaskHandlerRegistry);
}

/** Never run: what the compiler accepts and refuses (npm run typecheck). */
function queuedWithTheirParams(queue: TaskQueue): void {
  const request = { cooperativeId: 'c1', user: 'admin' };
  void queue.enqueue({ ...request, kind: 'fsak', params: { dividendId: 'd1', year: 2025 } });
  void queue.enqueue({ ...request, kind: 'memberImport', params: { upload: 'u1', lang: 'de', confirmWarnings: true } });
  void queue.enqueue({ ...request, kind: 'kistam', params: {} });
  // @ts-expect-error the fsak task's year is a number
  void queue.enqueue({ ...request, kind: 'fsak', params: { dividendId: 'd1', year: '2025' } });
  // @ts-expect-error the tax certificates need their closure
  void queue.enqueue({ ...request, kind: 'taxCertificates', params: {} });
  // @ts-expect-error the KiStAM task takes no parameters
  void queue.enqueue({ ...request, kind: 'kistam', params: { script: 'complete' } });
  const pdfParams = { document: 'statements', date: '2025-01-01', onlyActive: true, member: null } as const;
  // @ts-expect-error a member export's parameters are not a member PDF's
  void queue.enqueue({ ...request, kind: 'memberExport', params: pdfParams });
  const handler: Pick<TaskHandler<'taxCertificates'>, 'run'> = {
    run: async (task) => {
      // @ts-expect-error the tax certificates' task has no year
      void task.params.year;
      return done;
    },
  };
  void handler;
}

describe('the task handler registry', () => {
  it('registers every provider declared a task handler, in any module, and no other', async () => {
    const registry = await started(SomeAreaModule);
    const handler = registry.handlerOf('fsak');
    expect(handler).toBeInstanceOf(FsakStandIn);
    expect(registry.filePermissionsOf('fsak')).toEqual(['dividend:close']);
    expect(registry.handlerOf('kistam')).toBeUndefined();
  });

  it('refuses a second handler of a kind when the modules start', async () => {
    await expect(started(SomeAreaModule, OtherAreaModule)).rejects.toThrow(
      'A task handler of kind fsak is registered already',
    );
  });

  it('types each kind’s parameters where tasks are queued and read', () => {
    expect(queuedWithTheirParams).toBeInstanceOf(Function);
  });
});
