/**
 * The background's side of a question, as its steps in order: the tabs in scope read, the answer
 * planned (or, without a key, searched), reviewed if the user asked to, sent to the model and
 * verified, then kept in the thread and the logs. Every step is written to the run's state in
 * storage, so a closed popup loses nothing and a reopened one shows where things are. Each step is
 * a module of its own (the reading's in read/), tested with its effects passed in; browser-effects.ts
 * and tab-readings.ts bind the real ones.
 */
import { t } from '@/lib/shared/core/i18n';
import type { AskMessage } from '@/lib/shared/protocol/messages';
import { lastRunItem, loadSettings } from '@/lib/shared/store/storage';
import { errorRun, reviewRun, workingRun } from '@/lib/shared/answer/run-state';
import { keyCleared } from '@/lib/worker/model/key-cleared';
import { serverPlan } from '@/lib/worker/model/server-plan';
import { nothingRead } from '@/lib/worker/read/nothing-read';
import { readScope } from '@/lib/worker/read/read-scope';
import { markRun, startTimes } from '@/lib/worker/read/read-timings';
import { clearHighlights } from '@/lib/worker/reveal/reveal-citation';
import { runs, threads } from './browser-effects';
import { fromIncognito, questionReading, tabsInScope } from './tab-readings';
import { askWithPlan, failRun, finishSearch } from './finish';
import { planQuestion } from './plan-step';
import { chooseSeen, planKeys, selectionOf, unseen } from './seen-step';

let inFlight: AbortController | null = null;

/** A new question replaces the one in flight, which stops. */
function takeFlight(): AbortController {
  inFlight?.abort();
  inFlight = new AbortController();
  return inFlight;
}

export async function startAsk(msg: AskMessage): Promise<void> {
  // After Ask was pressed: a tab's reading ahead begun later needs no check that its page changed since.
  const askedAt = Date.now();
  startTimes();
  // The last answer's highlights go with it.
  void clearHighlights().catch(() => {});
  const controller = takeFlight();
  const id = crypto.randomUUID();
  // Asked at once, while the run is written: the reading waits for nothing it does not need.
  const early = { settings: loadSettings(), tabs: tabsInScope(msg) };
  early.settings.catch(() => {});
  early.tabs.catch(() => {});
  // Known first: whatever fails from here on is logged as an incognito question's failure.
  const incognito = await fromIncognito(msg.windowId);
  const { question, scope } = msg;
  await runs.start(
    workingRun(
      { id, question, scope, startedAt: Date.now(), skipped: [], ...(incognito ? { incognito } : {}) },
      { stage: 'reading' },
    ),
  );
  try {
    const settings = keyCleared(await early.settings);
    const tabs = await early.tabs;
    // Incognito tabs: nothing of this question is written to disk (run-store.ts).
    const privateRun = incognito || tabs.some((tab) => tab.incognito);
    if (privateRun && !incognito) await runs.progress(id, { incognito: true });
    const { thread, replaced } = await threads.threadFor(msg, tabs, privateRun);
    await runs.progress(id, { threadId: thread.id, ...(replaced ? { newThread: 'pages-changed' as const } : {}) });
    // 1. Read the tabs in scope.
    // Each tab's words for ranking found as it comes in, while the others still read themselves;
    // a frame small enough to be sent whole checked as it is read (read/page-reading.ts).
    const reading = questionReading(tabs, thread.id, controller.signal, settings.fragmentBudget, askedAt);
    const { askShown } = reading;
    const read = await readScope(tabs, msg.selection, reading.readOne, controller.signal, reading.onRead, reading.taken);
    markRun('read');
    const { skipped, coverage } = read;
    if (read.nothingRead)
      return await runs.update(id, (run) =>
        errorRun({ ...run, skipped }, { finishedAt: Date.now(), error: nothingRead(skipped) }),
      );
    // 2. Without a key (and no server on this computer), the best passages, ranked here, sent nowhere (finish.ts).
    const server = await serverPlan(settings);
    await runs.progress(id, { stage: 'choosing', skipped });
    // Whatever is chosen is first checked by its page: only what a reader sees goes out (seen-step.ts).
    if (!settings.apiKey && !server.local) return await finishSearch(id, question, read, askShown, controller.signal, thread);
    // 3. Plan what is sent; with review on, nothing leaves the machine until Send (`decideReview`).
    const planned = await chooseSeen(
      read.passages,
      (pool) => planQuestion(pool, question, settings.fragmentBudget, server.local?.contextTokens, thread.turns),
      (p) => planKeys(p.plan.passages),
      askShown,
      controller.signal,
    );
    markRun('planned');
    const { plan, leftOut } = planned.chosen;
    await runs.progress(id, {
      ...selectionOf(planned),
      plan,
      coverage: { ...coverage, sent: plan.passages.length, leftOut, ...unseen(planned.unsent) },
    });
    if (settings.reviewBeforeSending && plan.passages.length > 0)
      return await runs.update(id, (run) => reviewRun({ ...run, plan }));
    // 4. Ask the model and verify.
    await askWithPlan(id, question, scope, plan, settings, server, controller.signal, thread.id);
  } catch (err) {
    await failRun(id, question, err);
  } finally {
    if (inFlight === controller) inFlight = null;
  }
}

/**
 * The user's Send or Cancel on the fragments shown for review. The plan comes from storage, not
 * from memory: a worker stopped while the user read is woken by the message and still sends
 * exactly what was shown. Cancel sends nothing.
 */
export async function decideReview(runId: string, send: boolean): Promise<void> {
  const run = await lastRunItem.getValue();
  if (run?.id !== runId || run.status !== 'review') return;
  if (!send) {
    const error = { kind: 'cancelled' as const, message: t('cancelledNothingSent') };
    return await runs.update(runId, (r) => errorRun(r, { finishedAt: Date.now(), error }));
  }
  const controller = takeFlight();
  await runs.update(runId, (r) => workingRun(r, { stage: 'asking' }));
  try {
    const settings = keyCleared(await loadSettings());
    const server = await serverPlan(await loadSettings());
    await askWithPlan(runId, run.question, run.scope, run.plan, settings, server, controller.signal, run.threadId);
  } catch (err) {
    await failRun(runId, run.question, err);
  } finally {
    if (inFlight === controller) inFlight = null;
  }
}

/** Stops the question in flight, if any; the run then ends as "cancelled". */
export function cancelAsk(): boolean {
  if (!inFlight) return false;
  inFlight.abort();
  return true;
}

/**
 * A worker that starts finds no question in flight in memory: if storage says one was, the
 * browser stopped the worker mid-question. Say so, keeping the question.
 */
export async function markInterruptedRun(): Promise<void> {
  const run = await lastRunItem.getValue();
  if (run?.status !== 'working' || inFlight) return;
  const error = { kind: 'interrupted' as const, message: t('workerStopped'), action: 'ask-again' as const };
  await runs.start(errorRun(run, { finishedAt: Date.now(), error, claims: run.claims }));
}
