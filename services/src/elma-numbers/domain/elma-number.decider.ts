import {
  fieldError,
  isBlank,
  isValidElmaFs,
  isValidElmaKm,
  NotFoundError,
  ValidationError,
  type Decider,
  type ElmaNumberEvent,
  type ElmaProcess,
  type FieldError,
} from '@coop/contracts';

export interface ElmaNumberState {
  readonly exists: boolean;
  readonly cooperativeId: string | null;
  readonly elmaProcess: ElmaProcess | null;
  readonly elmaNumber: string | null;
}

export type ElmaNumberCommand =
  | {
      type: 'AddElmaNumber';
      elmaNumberId: string;
      cooperativeId: string;
      elmaProcess: string;
      elmaNumber: string;
      createdAt: string;
    }
  | { type: 'ChangeElmaNumber'; elmaNumberId: string; cooperativeId: string; elmaProcess: string; elmaNumber: string }
  | { type: 'RemoveElmaNumber'; elmaNumberId: string; cooperativeId: string };

const initial: ElmaNumberState = { exists: false, cooperativeId: null, elmaProcess: null, elmaNumber: null };

export const elmaNumberDecider: Decider<ElmaNumberCommand, ElmaNumberEvent, ElmaNumberState> = {
  initialState: () => initial,
  evolve(state, event) {
    switch (event.type) {
      case 'ElmaNumberAdded':
        return {
          exists: true,
          cooperativeId: event.data.cooperativeId,
          elmaProcess: event.data.elmaProcess,
          elmaNumber: event.data.elmaNumber,
        };
      case 'ElmaNumberChanged':
        return { ...state, elmaProcess: event.data.elmaProcess, elmaNumber: event.data.elmaNumber };
      case 'ElmaNumberRemoved':
        return initial;
    }
  },
  decide(command, state) {
    if (command.type === 'AddElmaNumber') {
      if (state.exists) throw new ValidationError([fieldError(null, 'invalidChoice', command.elmaNumberId)]);
      const { elmaProcess, elmaNumber } = validated(command.elmaProcess, command.elmaNumber);
      const { elmaNumberId, cooperativeId, createdAt } = command;
      return [{ type: 'ElmaNumberAdded', data: { elmaNumberId, cooperativeId, elmaProcess, elmaNumber, createdAt } }];
    }
    if (!state.exists || state.cooperativeId !== command.cooperativeId)
      throw new NotFoundError('Approval number', command.elmaNumberId);
    if (command.type === 'RemoveElmaNumber')
      return [{ type: 'ElmaNumberRemoved', data: { elmaNumberId: command.elmaNumberId } }];
    const { elmaProcess, elmaNumber } = validated(command.elmaProcess, command.elmaNumber);
    if (elmaProcess === state.elmaProcess && elmaNumber === state.elmaNumber) return [];
    return [{ type: 'ElmaNumberChanged', data: { elmaNumberId: command.elmaNumberId, elmaProcess, elmaNumber } }];
  },
};

/** Process fs or km; number non-empty; fs: 8 digits starting 1, 3, 5 or 7, not ending 0; km: 11 digits. */
function validated(process: string, number: string): { elmaProcess: ElmaProcess; elmaNumber: string } {
  const errors: FieldError[] = [];
  const p = process.trim();
  const n = number.replace(/\s+/g, '');
  if (isBlank(p)) errors.push(fieldError('elmaProcess', 'mustNotBeEmpty'));
  else if (p !== 'fs' && p !== 'km') errors.push(fieldError('elmaProcess', 'invalidChoice', p));
  if (isBlank(n)) errors.push(fieldError('elmaNumber', 'mustNotBeEmpty'));
  else if (p === 'fs' && !isValidElmaFs(n)) errors.push(fieldError('elmaNumber', 'invalidElmaFs'));
  else if (p === 'km' && !isValidElmaKm(n)) errors.push(fieldError('elmaNumber', 'invalidElmaKm'));
  if (errors.length > 0) throw new ValidationError(errors);
  return { elmaProcess: p as ElmaProcess, elmaNumber: n };
}
