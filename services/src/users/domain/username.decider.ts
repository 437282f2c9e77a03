import { fieldError, ValidationError, type Decider, type UsernameEvent } from '@coop/contracts';

/** A username's own stream: who holds it. Appended together with the user's stream, so two users can never hold one name. */
export interface UsernameState {
  readonly holder: string | null;
}

export type UsernameCommand =
  { type: 'Claim'; username: string; userId: string } | { type: 'Release'; username: string; userId: string };

export const usernameDecider: Decider<UsernameCommand, UsernameEvent, UsernameState> = {
  initialState: () => ({ holder: null }),
  evolve(_state, event) {
    return { holder: event.type === 'UsernameClaimed' ? event.data.userId : null };
  },
  decide(command, state) {
    if (command.type === 'Claim') {
      if (state.holder === command.userId) return [];
      if (state.holder !== null) throw new ValidationError([fieldError('username', 'usernameTaken', command.username)]);
      return [{ type: 'UsernameClaimed', data: { username: command.username, userId: command.userId } }];
    }
    if (state.holder !== command.userId) return [];
    return [{ type: 'UsernameReleased', data: { username: command.username, userId: command.userId } }];
  },
};
