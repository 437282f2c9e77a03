import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { TaskKind } from '@coop/contracts';
import type { Permission } from '../auth/policy.js';
import { TaskHandlerProvider, type TaskHandler } from './task-port.js';

function isTaskHandler(value: unknown): value is TaskHandler {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<keyof TaskHandler, unknown>>;
  return (
    typeof candidate.kind === 'string' &&
    typeof candidate.run === 'function' &&
    Array.isArray(candidate.filePermissions)
  );
}

/** A handler that says nothing of who may read its files is a wiring mistake: its files would be open to every role. */
function checkFilePermissions(handler: TaskHandler): void {
  if (handler.filePermissions.length === 0)
    throw new Error(`The task handler of kind ${handler.kind} names no permission for its files`);
}

/**
 * The handlers of this process, one per kind: every provider declared `@TaskHandlerProvider()`, found when the modules
 * start (every provider is made by then), in whichever area module it is (decision 208).
 */
@Injectable()
export class TaskHandlerRegistry implements OnModuleInit {
  private readonly handlers = new Map<TaskKind, TaskHandler>();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders({ metadataKey: TaskHandlerProvider.KEY })) {
      const handler: unknown = wrapper.instance;
      if (!isTaskHandler(handler))
        throw new Error(`The provider ${wrapper.name} is declared a task handler but is not one`);
      this.register(handler);
    }
  }

  /** Adds the handler of its kind; a second handler of one kind is a wiring mistake and refused. */
  register(handler: TaskHandler): void {
    if (this.handlers.has(handler.kind))
      throw new Error(`A task handler of kind ${handler.kind} is registered already`);
    checkFilePermissions(handler);
    this.handlers.set(handler.kind, handler);
  }

  /**
   * Puts `handler` in the place of its kind's handler and answers the one it replaced (tests run their own handler of
   * a product kind, and put the product's back).
   */
  replace(handler: TaskHandler): TaskHandler | undefined {
    checkFilePermissions(handler);
    const before = this.handlers.get(handler.kind);
    this.handlers.set(handler.kind, handler);
    return before;
  }

  /** Removes the handler of `kind` (the tests' own, before putting the product's back). */
  unregister(kind: TaskKind): void {
    this.handlers.delete(kind);
  }

  handlerOf(kind: TaskKind): TaskHandler | undefined {
    return this.handlers.get(kind);
  }

  /** The permissions a caller needs for the files of a task of `kind`; null for a kind no handler declares (refused). */
  filePermissionsOf(kind: TaskKind): readonly Permission[] | null {
    return this.handlers.get(kind)?.filePermissions ?? null;
  }
}
