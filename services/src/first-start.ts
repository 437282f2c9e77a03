import { randomBytes, randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { passwordRuleBroken, PASSWORD_MIN_LENGTH, ROLES, type EventStore } from '@coop/contracts';
import { RegisterCooperativeCommand } from './cooperatives/commands/cooperative.commands.js';
import { contextFor } from './platform/commands/command-context.js';
import type { AppConfig } from './platform/config/config.js';
import { CreateUserCommand } from './users/commands/user.commands.js';
import { CommonPasswords } from './users/commands/common-passwords.js';

/** The first start refuses to run: the message says why and what to do (main.ts prints it and exits). */
export class FirstStartRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FirstStartRefused';
  }
}

const RULE_TEXT: Record<NonNullable<ReturnType<typeof passwordRuleBroken>>, string> = {
  passwordTooShort: `it has fewer than ${PASSWORD_MIN_LENGTH} characters`,
  passwordContainsUsername: 'it is or contains the user name (ADMIN_USERNAME)',
  passwordTooCommon: 'it is one of the 10,000 most common passwords',
};

/** Refuses an ADMIN_PASSWORD that breaks the password rule (issue 38) before anything is written. */
export function checkAdminPassword(password: string, username: string, common: CommonPasswords): void {
  const broken = passwordRuleBroken(password, username, (p) => common.has(p));
  if (broken) {
    throw new FirstStartRefused(
      `ADMIN_PASSWORD is not accepted: ${RULE_TEXT[broken]}. A password needs at least ${PASSWORD_MIN_LENGTH} characters, must not be ` +
        'a common password and must not be or contain the user name. Set another one, or leave ADMIN_PASSWORD unset to have a strong one generated.',
    );
  }
}

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
  const common = app.get(CommonPasswords);
  if (config.adminPassword !== undefined) checkAdminPassword(config.adminPassword, config.adminUsername, common);
  const commands = app.get(CommandBus);
  const cooperativeId = randomUUID();
  const system = contextFor({ userId: 'system', username: 'system', roles: [...ROLES], cooperativeId });
  await commands.execute(new RegisterCooperativeCommand(system, { name: config.cooperativeName, minimumShares: 1 }, true, cooperativeId));
  const generatedPassword = config.adminPassword ? undefined : generatePassword(config.adminUsername, common);
  const password = config.adminPassword ?? generatedPassword!;
  await commands.execute(
    new CreateUserCommand(system, cooperativeId, { username: config.adminUsername, password, passwordRepeat: password, roles: [...ROLES] }),
  );
  return { cooperativeId, username: config.adminUsername, generatedPassword };
}

/**
 * 16 random base64url characters; drawn again in the rare case they contain the user name (a short ADMIN_USERNAME
 * such as `bob` turns up in about one of 20,000 draws), so the first administrator's creation cannot be refused.
 */
export function generatePassword(username: string, common: CommonPasswords, draw: () => string = () => randomBytes(12).toString('base64url')): string {
  for (;;) {
    const password = draw();
    if (passwordRuleBroken(password, username, (p) => common.has(p)) === null) return password;
  }
}
