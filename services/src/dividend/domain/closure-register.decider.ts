import {
  fieldError,
  ValidationError,
  type Decider,
  type DividendRegisterEvent,
  type DividendYearClosing,
} from '@coop/contracts';

/*
 * The cooperative's closure register (stream `dividends-<cooperativeId>`): which years are being closed and which are
 * closed. Closing a year is two steps (design-23.md): `LockYear` appends `DividendYearClosing` (from then on postings
 * into the year are refused), `FinishClosure` appends `DividendYearClosed` once the results are computed from read
 * models that include every posting made before the lock. Pure: no framework, no I/O.
 */

export interface LockYear {
  readonly type: 'LockYear';
  readonly cooperativeId: string;
  readonly year: number;
  /** The closure's id if the year is not yet closing (a year left closing is resumed with its own id). */
  readonly dividendId: string;
  /** Business today (YYYY-MM-DD): a year not yet over cannot be closed. */
  readonly today: string;
  /** The closure's request, recorded with the lock so that a closure that stopped is resumed with it (issue 40). */
  readonly params?: ClosureParams;
}

/** The request of a closure as its lock records it. */
export type ClosureParams = NonNullable<DividendYearClosing['data']['params']>;

export interface FinishClosure {
  readonly type: 'FinishClosure';
  readonly cooperativeId: string;
  readonly year: number;
  readonly dividendId: string;
}

export type ClosureCommand = LockYear | FinishClosure;

export interface YearState {
  readonly dividendId: string;
  readonly closed: boolean;
  /** The request its lock recorded (absent on a lock written before issue 40). */
  readonly params?: ClosureParams;
}

export interface ClosureRegister {
  /** Every year closing or closed, by year. */
  readonly years: Readonly<Record<string, YearState>>;
}

/** The year being closed or closed, with its closure's id; undefined when neither. */
export const yearState = (state: ClosureRegister, year: number): YearState | undefined => state.years[String(year)];

export const alreadyClosed = (year: number): ValidationError =>
  new ValidationError([fieldError('year', 'yearAlreadyClosed', String(year))]);

export const closureRegisterDecider: Decider<ClosureCommand, DividendRegisterEvent, ClosureRegister> = {
  initialState: () => ({ years: {} }),
  evolve(state, event) {
    const { year, dividendId } = event.data;
    const closed = event.type === 'DividendYearClosed';
    const params = event.type === 'DividendYearClosing' ? event.data.params : state.years[String(year)]?.params;
    return { years: { ...state.years, [String(year)]: { dividendId, closed, ...(params ? { params } : {}) } } };
  },
  decide(command, state) {
    const current = yearState(state, command.year);
    switch (command.type) {
      case 'LockYear': {
        if (command.year >= Number(command.today.slice(0, 4)))
          throw new ValidationError([fieldError('year', 'currentYearClosure')]);
        if (current?.closed) throw alreadyClosed(command.year);
        // Closing already (an earlier closure stopped after its lock): nothing to append, it is resumed under its id.
        if (current) return [];
        const { cooperativeId, year, dividendId, params } = command;
        return [
          { type: 'DividendYearClosing', data: { cooperativeId, year, dividendId, ...(params ? { params } : {}) } },
        ];
      }
      case 'FinishClosure': {
        if (!current || current.closed || current.dividendId !== command.dividendId) throw alreadyClosed(command.year);
        const { cooperativeId, year, dividendId } = command;
        return [{ type: 'DividendYearClosed', data: { cooperativeId, year, dividendId } }];
      }
    }
  },
};
