import { randomBytes, randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ROLES, type EventStore } from '@coop/contracts';
import { RegisterCooperativeCommand } from './cooperatives/commands/cooperative.commands.js';
import { contextFor } from './platform/commands/command-context.js';
import type { AppConfig } from './platform/config/config.js';
import { CreateUserCommand } from './users/commands/user.commands.js';

export interface FirstStart {
  readonly cooperativeId: string;
  readonly username: string;
  /** Set only when the password was generated; shown once and never stored in plain text. */
  readonly generatedPassword: string | undefined;
}

/**
 * On an empty event store: registers the first cooperative and its administrator, who holds every
 * role. With no ADMIN_PASSWORD a strong one is generated. Never runs again once the log has events.
 *
 * "Empty" means that this installation has no events: on a shared KurrentDB server `headPosition` looks at this
 * installation's streams only (EVENT_STORE_STREAM_PREFIX) and counts no event that is not this product's, so the
 * events of other applications in the server's log do not stop the first start (issue 30).
 */
export async function firstStart(app: INestApplication, events: EventStore, config: AppConfig): Promise<FirstStart | undefined> {
  if ((await events.headPosition()) >= 0n) return undefined;
  const commands = app.get(CommandBus);
  const cooperativeId = randomUUID();
  const system = contextFor({ userId: 'system', username: 'system', roles: [...ROLES], cooperativeId });
  await commands.execute(new RegisterCooperativeCommand(system, { name: config.cooperativeName, minimumShares: 1 }, true, cooperativeId));
  const generatedPassword = config.adminPassword ? undefined : randomBytes(12).toString('base64url');
  const password = config.adminPassword ?? generatedPassword!;
  await commands.execute(
    new CreateUserCommand(system, cooperativeId, { username: config.adminUsername, password, passwordRepeat: password, roles: [...ROLES] }),
  );
  return { cooperativeId, username: config.adminUsername, generatedPassword };
}
