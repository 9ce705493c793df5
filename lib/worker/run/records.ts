/**
 * What a finished question leaves behind, as plain data: its turn in the thread, its line in the
 * run log, and, when it failed, its failure entry and line. Pure: the run's writes are the
 * coordinator's (ask.ts), the privacy of the logs the run store's (run-store.ts).
 */
import type { FailureLogEntry, Outcome, SearchHit, ShownError } from '@/lib/shared/answer/run';
import { siteOf } from '@/lib/shared/answer/site';
import type { RunRecord } from '@/lib/shared/store/storage';
import type { Turn } from '@/lib/shared/answer/thread';
import { addedBy } from '@/lib/worker/prompt/thread-plan';
import type { Plan } from './model-step';

interface Asked {
  id: string;
  question: string;
  askedAt: number;
  answeredAt: number;
}

/** The turn of an answered question: what it added to the request (earlier turns' fragments come first). */
export function answeredTurn(asked: Asked, sent: Plan, outcome: Outcome): Turn {
  return { ...asked, fragments: addedBy(sent), restarted: sent.restarted ?? true, outcome };
}

/** The turn of a question answered without a key: search results (or none, too general to search), nothing sent. */
export function searchTurn(asked: Asked, results: SearchHit[], firstOfThread: boolean, tooGeneral = false): Turn {
  return {
    ...asked,
    fragments: [],
    restarted: firstOfThread,
    results,
    ...(tooGeneral ? { searchTooGeneral: true as const } : {}),
  };
}

/** The run log's line for an answered question. */
export function runRecordOf(at: number, model: string, sent: Plan, outcome: Outcome): RunRecord {
  return {
    at,
    model,
    sites: [...new Set(sent.passages.map((p) => siteOf(p.url)))],
    citations: outcome.checks.citations,
    broken: outcome.checks.broken,
    retried: outcome.retried,
    droppedClaims: outcome.kind === 'answer' ? outcome.droppedClaims : 0,
    ...(outcome.checks.repaired ? { repairs: outcome.checks.repaired } : {}),
    outcome: outcome.kind,
    ...(outcome.kind === 'abstain' ? { detail: outcome.reason } : {}),
  };
}

/** A failed question's failure entry and run log line. */
export function failureOf(at: number, question: string, error: ShownError): FailureLogEntry {
  return { at, question, sites: [], attempts: [], outcome: 'error', detail: `${error.kind}: ${error.message}` };
}
export function failedRecordOf(at: number, model: string, error: ShownError): RunRecord {
  return {
    at,
    model,
    sites: [],
    citations: 0,
    broken: 0,
    retried: false,
    droppedClaims: 0,
    outcome: 'error',
    detail: error.kind,
  };
}
