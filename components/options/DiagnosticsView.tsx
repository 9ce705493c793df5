import { useEffect, useState } from 'preact/hooks';
import { exportJson, summarise } from '@/lib/shared/diagnostics';
import { failureLogItem, runLogItem, type RunRecord } from '@/lib/shared/storage';
import { BrokenRateChart } from './BrokenRateChart';
import { TallyTable } from './TallyTable';
import type { FailureLogEntry } from '@/lib/shared/run';

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What went wrong with quotes lately, from the extension's own logs; exportable as JSON. */
export function DiagnosticsView() {
  const [runLog, setRunLog] = useState<RunRecord[]>([]);
  const [failureLog, setFailureLog] = useState<FailureLogEntry[]>([]);
  useEffect(() => {
    void runLogItem.getValue().then(setRunLog);
    void failureLogItem.getValue().then(setFailureLog);
    const unwatch = [runLogItem.watch(setRunLog), failureLogItem.watch(setFailureLog)];
    return () => unwatch.forEach((u) => u());
  }, []);

  const d = summarise(runLog, Date.now());
  const download = () => {
    const url = URL.createObjectURL(new Blob([exportJson(runLog, failureLog, Date.now())], { type: 'application/json' }));
    const a = Object.assign(document.createElement('a'), {
      href: url,
      download: `cited-tabs-diagnostics-${new Date().toISOString().slice(0, 10)}.json`,
    });
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section class="diagnostics" aria-labelledby="diagnostics-heading">
      <h2 id="diagnostics-heading">Diagnostics</h2>
      <p>
        Last 30 days: {count(d.overall.runs, 'question')}, {d.overall.broken} of {count(d.overall.citations, 'quote')} broken
        before repair, {count(d.overall.retries, 'retry', 'retries')}, {count(d.overall.drops, 'dropped claim')},{' '}
        {d.overall.abstentions} not found, {count(d.overall.errors, 'error')}.
      </p>
      <BrokenRateChart days={d.byDay} />
      <TallyTable caption="By model" rows={d.byModel} />
      <TallyTable caption="By site" rows={d.bySite} />
      <button type="button" onClick={download} disabled={runLog.length === 0 && failureLog.length === 0}>
        Export as JSON
      </button>
    </section>
  );
}
