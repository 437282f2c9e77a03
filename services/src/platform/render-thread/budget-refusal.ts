import type { TaskReason } from '@coop/contracts';
import { RenderBudgetExceeded } from './render-budget.js';

/**
 * A file's rendering past its time or memory as a background task's reason: `renderBudgetExceeded` [seconds, MB],
 * translated in the console; the task is rejected with it (the answer at once is the error filter's 503).
 */
export function budgetReason(error: RenderBudgetExceeded): TaskReason {
  return {
    template: 'renderBudgetExceeded',
    parameters: [String(error.budget.seconds), String(error.budget.memoryMb)],
  };
}
