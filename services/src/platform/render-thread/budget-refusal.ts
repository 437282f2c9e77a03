import { HttpException, HttpStatus } from '@nestjs/common';
import type { TaskReason } from '@coop/contracts';
import { refusal } from '../http/refusal.js';
import { RenderBudgetExceeded } from './render-budget.js';

/**
 * A file's rendering past its time or memory (issue 38, decisions 131 and 337's sequel) as the answer at once: `503`
 * `renderBudgetExceeded` [seconds, MB], which the console translates, not a held thread or a crash. Any other error is
 * answered as it is. The member PDFs and the member list exports answer through it.
 */
export function refusedPastBudget(error: unknown): unknown {
  if (!(error instanceof RenderBudgetExceeded)) return error;
  return new HttpException(
    refusal(error.message, 'renderBudgetExceeded', String(error.budget.seconds), String(error.budget.memoryMb)),
    HttpStatus.SERVICE_UNAVAILABLE,
  );
}

/** The same past budget as a background task's reason (the task is rejected with it, translated in the console). */
export function budgetReason(error: RenderBudgetExceeded): TaskReason {
  return {
    template: 'renderBudgetExceeded',
    parameters: [String(error.budget.seconds), String(error.budget.memoryMb)],
  };
}
