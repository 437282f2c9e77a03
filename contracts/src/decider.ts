import type { DomainEvent } from './events.js';

/**
 * The pure heart of an aggregate: `decide` turns a command and the current state into events
 * (or throws a domain error); `evolve` folds events into state. No I/O, no framework.
 */
export interface Decider<Command, Event extends DomainEvent, State> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}
