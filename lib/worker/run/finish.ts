/**
 * The end of a question: the model asked on the plan (model-step.ts) and the outcome kept in the
 * run, the thread and the run log; or, when anything failed, the failure logged (unless the user
 * cancelled) and shown with its reason.
 */
import { claimsShown, doneRun, errorRun } from '@/lib/shared/answer/run-state';
import type { Settings } from '@/lib/shared/store/settings';
import { hostOf } from '@/lib/shared/answer/site';
import { loadSettings, type Scope } from '@/lib/shared/store/storage';
import { describeError } from '@/lib/worker/model/errors';
import type { ServerPlan } from '@/lib/worker/model/server-plan';
import { modelStepDeps, runs, threads } from './browser-effects';
import { askModel, type Plan } from './model-step';
import { halvedPlan } from './plan-step';
import { answeredTurn, failedRecordOf, failureOf, runRecordOf } from './records';

/** The model asked on the plan, then the outcome kept. */
export async function askWithPlan(
  id: string,
  question: string,
  scope: Scope,
  plan: Plan,
  settings: Settings,
  server: ServerPlan,
  signal: AbortSignal,
  threadId: string | undefined,
): Promise<void> {
  const askedAt = Date.now();
  // Named on the screens: the model once above its answer, the server's host by an error.
  await runs.progress(id, { model: settings.model, server: hostOf(settings.baseURL) });
  const halve = async (p: Plan) => halvedPlan(p, await threads.turnsBefore(threadId, id));
  const { outcome, sent } = await askModel(question, plan, settings, server, scope, modelStepDeps(id, signal, { halve }));
  const answeredAt = Date.now();
  // The claims shown while the answer streamed are all in the outcome.
  await runs.update(id, (run) => doneRun(run, { finishedAt: answeredAt, outcome }));
  await threads.appendTurn(threadId, answeredTurn({ id, question, askedAt, answeredAt }, sent, outcome));
  // Not for a run replaced meanwhile (the run store checks the stored run too).
  if (!signal.aborted) await runs.logRecord(id, runRecordOf(Date.now(), settings.model, sent, outcome));
}

/** A question that failed: logged (unless the user cancelled it) and shown with its reason. */
export async function failRun(id: string, question: string, err: unknown): Promise<void> {
  const error = describeError(err);
  if (error.kind !== 'cancelled') {
    // The logs are diagnostics: if they cannot be written, the user still hears what happened.
    try {
      await runs.logFailure(id, failureOf(Date.now(), question, error));
      await runs.logRecord(id, failedRecordOf(Date.now(), (await loadSettings()).model, error));
    } catch {
      // Nothing more to do here.
    }
  }
  await runs.update(id, (run) => errorRun(run, { finishedAt: Date.now(), error, claims: claimsShown(run) }));
}
