/**
 * What a question sends: the token budget (a setting, capped by a local model's context), the
 * passages chosen by what the question asks and by the thread it continues (rank/choose.ts), and
 * the turn planned over the thread's earlier turns (prompt/thread-plan.ts). Pure.
 */
import type { Turn } from '@/lib/shared/answer/thread';
import type { SourcedPassage } from '@/lib/shared/protocol/types';
import { fragmentBudget } from '@/lib/worker/rank/budget';
import { choosePassages } from '@/lib/worker/rank/choose';
import { earlierQuestions, halveThreadPlan, planTurn } from '@/lib/worker/prompt/thread-plan';
import type { Plan } from './model-step';

export function planQuestion(
  passages: SourcedPassage[],
  question: string,
  budgetSetting: number,
  contextTokens: number | undefined,
  turns: Turn[],
): { plan: Plan; leftOut: number } {
  const budget = fragmentBudget(budgetSetting, question, contextTokens);
  // By what the question asks and, for a follow-up, the thread's earlier questions.
  const chosen = choosePassages(passages, question, budget, earlierQuestions(turns));
  return { plan: { ...planTurn(chosen, passages, budget, turns), budget }, leftOut: chosen.leftOut };
}

/** The same turn with half the budget: the better half of its fragments, for a request too large. */
export function halvedPlan(plan: Plan, turns: Turn[]): Plan {
  return { ...halveThreadPlan(plan, turns), budget: plan.budget / 2 };
}
