/**
 * The browser behind the steps of a question: storage for the run and the thread, the model
 * transport and the pipeline (the tabs' reading: tab-readings.ts). The steps take these as
 * arguments (so each is tested without a browser); this is the one place they are bound to the
 * real ones.
 */
import { appendFailure, appendRunRecord, lastRunItem, threadItem } from '@/lib/shared/store/storage';
import { answerQuestion } from '@/lib/worker/answer/pipeline';
import { modelCall } from '@/lib/worker/model/transport';
import type { ModelStepDeps } from './model-step';
import { runStore } from './run-store';
import { threadStore } from './thread-store';

export const runs = runStore({
  load: () => lastRunItem.getValue(),
  save: (run) => lastRunItem.setValue(run),
  appendFailure,
  appendRunRecord,
});

export const threads = threadStore({
  load: () => threadItem.getValue(),
  save: (thread) => threadItem.setValue(thread),
  newId: () => crypto.randomUUID(),
  now: Date.now,
});

/** The model step's effects for run `id`: the real transport and pipeline, reports to the run. */
export function modelStepDeps(id: string, signal: AbortSignal, plans: Pick<ModelStepDeps, 'halve'>): ModelStepDeps {
  return {
    makeCall: modelCall,
    answer: answerQuestion,
    report: (patch) => runs.report(id, patch),
    // A run cancelled or replaced (its signal aborted) logs nothing more, even before its state says so.
    log: (entry) => (signal.aborted ? Promise.resolve() : runs.logFailure(id, entry)),
    replanned: (plan) => runs.progress(id, { plan }),
    now: Date.now,
    signal,
    ...plans,
  };
}
