import assert from 'node:assert/strict';
import type { Decider, DomainEvent } from '@coop/contracts';

/** Any error class, whatever its constructor takes. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ErrorClass<T extends Error> = abstract new (...args: any[]) => T;

export interface Then<Event> {
  /** `decide` returns exactly these events, in this order. */
  then(expected: readonly Event[]): void;
  /** `decide` throws an instance of `errorClass`; `check` may inspect it further. Returns the error. */
  thenThrows<T extends Error>(errorClass: ErrorClass<T>, check?: (error: T) => void): T;
}

export interface When<Command, Event> {
  when(command: Command): Then<Event>;
}

export interface DeciderSpec<Command, Event> {
  /** The history of the stream; its events are folded with `evolve` into the state the command meets. */
  given(events?: readonly Event[]): When<Command, Event>;
}

/**
 * Given-when-then for a decider, framework-free (node:assert) so it works under any test runner:
 *
 *   spec.given([created]).when(rename).then([renamed]);
 *   spec.given([]).when(create).thenThrows(ValidationError, (e) => ...);
 *
 * Keep the chain synchronous: the object `when` returns has a `then` method, so `await`-ing it
 * would treat it as a thenable.
 */
export function deciderSpec<Command, Event extends DomainEvent, State>(
  decider: Decider<Command, Event, State>,
): DeciderSpec<Command, Event> {
  return {
    given(events: readonly Event[] = []) {
      const state = events.reduce((s, e) => decider.evolve(s, e), decider.initialState());
      return {
        when(command: Command) {
          return {
            then(expected: readonly Event[]): void {
              const actual = decider.decide(command, state);
              assert.deepStrictEqual(actual, expected);
            },
            thenThrows<T extends Error>(errorClass: ErrorClass<T>, check?: (error: T) => void): T {
              let actual: Event[];
              try {
                actual = decider.decide(command, state);
              } catch (error) {
                if (!(error instanceof errorClass)) {
                  assert.fail(`Expected ${errorClass.name} but ${describe(error)} was thrown`);
                }
                check?.(error);
                return error;
              }
              return assert.fail(`Expected ${errorClass.name} but decide returned ${JSON.stringify(actual)}`);
            },
          };
        },
      };
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : JSON.stringify(error);
}
