/**
 * Summaries of the run log for the diagnostics view: how often quotes break, per day, model and
 * site, so that a rise (a new model, a site that confuses extraction) is visible at a glance.
 */
import type { RunRecord } from './storage';
import type { FailureLogEntry, RepairCounts } from '@/lib/shared/answer/run';

export interface Tally {
  key: string;
  runs: number;
  citations: number;
  broken: number;
  /** Broken citations over citations checked; 0 when none were checked. */
  rate: number;
  retries: number;
  drops: number;
  abstentions: number;
  errors: number;
  /** Citations that passed once a quoting slip was repaired, by slip. */
  repairs: RepairCounts;
}

export interface Diagnostics {
  overall: Tally;
  /** One entry per UTC day of the window, oldest first, empty days included. */
  byDay: Tally[];
  byModel: Tally[];
  bySite: Tally[];
}

const DAY_MS = 86_400_000;

function tally(key: string, records: RunRecord[]): Tally {
  const citations = records.reduce((n, r) => n + r.citations, 0);
  const broken = records.reduce((n, r) => n + r.broken, 0);
  return {
    key,
    runs: records.length,
    citations,
    broken,
    rate: citations === 0 ? 0 : broken / citations,
    retries: records.filter((r) => r.retried).length,
    drops: records.reduce((n, r) => n + r.droppedClaims, 0),
    abstentions: records.filter((r) => r.outcome === 'abstain').length,
    errors: records.filter((r) => r.outcome === 'error').length,
    repairs: addRepairs(records),
  };
}

function addRepairs(records: RunRecord[]): RepairCounts {
  const out: RepairCounts = {};
  for (const r of records) {
    for (const [k, n] of Object.entries(r.repairs ?? {}) as Array<[keyof RepairCounts, number]>) out[k] = (out[k] ?? 0) + n;
  }
  return out;
}

function groupBy(records: RunRecord[], keys: (r: RunRecord) => string[]): Tally[] {
  const groups = new Map<string, RunRecord[]>();
  for (const r of records) for (const k of keys(r)) groups.set(k, [...(groups.get(k) ?? []), r]);
  return [...groups].map(([k, rs]) => tally(k, rs)).sort((a, b) => b.runs - a.runs || a.key.localeCompare(b.key));
}

export function dayKey(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

export function summarise(records: RunRecord[], now: number, days = 30): Diagnostics {
  const since = Math.floor(now / DAY_MS) * DAY_MS - (days - 1) * DAY_MS;
  const recent = records.filter((r) => r.at >= since && r.at <= now);
  const byDay: Tally[] = [];
  for (let d = 0; d < days; d++) {
    const start = since + d * DAY_MS;
    byDay.push(
      tally(
        dayKey(start),
        recent.filter((r) => r.at >= start && r.at < start + DAY_MS),
      ),
    );
  }
  return {
    overall: tally('all', recent),
    byDay,
    byModel: groupBy(recent, (r) => [r.model]),
    bySite: groupBy(recent, (r) => r.sites),
  };
}

/** Everything the diagnostics know, as a JSON file a user can attach to a bug report. */
export function exportJson(runLog: RunRecord[], failureLog: FailureLogEntry[], now: number): string {
  return JSON.stringify({ exportedAt: new Date(now).toISOString(), runLog, failureLog }, null, 2);
}
