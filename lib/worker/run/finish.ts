/**
 * The end of a question: the model asked on the plan (model-step.ts) and the outcome kept in the
 * run, the thread and the run log; without a key, the search's results checked by their pages and
 * kept in the run and the thread; or, when anything failed, the failure logged (unless the user
 * cancelled) and shown with its reason.
 */
import { claimsShown, doneRun, errorRun, type Scope } from '@/lib/shared/answer/run-state';
import type { Settings } from '@/lib/shared/store/settings';
import { hostOf } from '@/lib/shared/answer/site';
import { loadSettings } from '@/lib/shared/store/storage';
import { describeError } from '@/lib/worker/model/errors';
import type { Thread } from '@/lib/shared/answer/thread';
import type { ServerPlan } from '@/lib/worker/model/server-plan';
import type { AskSeen } from '@/lib/worker/read/page-reading';
import type { ScopeRead } from '@/lib/worker/read/read-scope';
import { modelStepDeps, runs, threads } from './browser-effects';
import { askModel, type Plan } from './model-step';
import { halvedPlan } from './plan-step';
import { answeredTurn, failedRecordOf, failureOf, runRecordOf, searchTurn } from './records';
import { searchShown, selectionOf, unseen } from './seen-step';

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

/**
 * Without a key (and no server on this computer): the best passages their pages show, ranked here
 * and sent nowhere (seen-step.ts), kept as the run's results and the thread's turn. A question
 * that names nothing to search for is not searched: the popup says to ask a model.
 */
export async function finishSearch(
  id: string,
  question: string,
  read: ScopeRead,
  askShown: AskSeen,
  signal: AbortSignal,
  thread: Pick<Thread, 'id' | 'turns'>,
): Promise<void> {
  const { coverage } = read;
  const search = await searchShown(read.passages, question, askShown, signal);
  const results = search.chosen;
  const finishedAt = Date.now();
  const general = search.tooGeneral ? { searchTooGeneral: true as const } : {};
  await runs.update(id, (run) =>
    doneRun(
      { ...run, ...selectionOf(search), coverage: { ...coverage, sent: 0, leftOut: 0, ...unseen(search.unsent) } },
      { finishedAt, results, ...general },
    ),
  );
  const asked = { id, question, askedAt: finishedAt, answeredAt: finishedAt };
  await threads.appendTurn(thread.id, searchTurn(asked, results, thread.turns.length === 0, search.tooGeneral));
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
