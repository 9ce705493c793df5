/**
 * Diagnostics in the options: what went wrong with quotes lately, from the extension's own logs,
 * as a sentence, a chart and two tables (each scrolling inside its own box on a narrow window);
 * exportable as JSON.
 */
import { useEffect, useState } from 'preact/hooks';
import { exportJson, summarise } from '@/lib/shared/store/diagnostics';
import { failureLogItem, runLogItem, type RunRecord } from '@/lib/shared/store/storage';
import { BrokenRateChart } from './BrokenRateChart';
import { TallyTable } from './TallyTable';
import type { FailureLogEntry } from '@/lib/shared/answer/run';
import { plural, t } from '@/lib/shared/core/i18n';

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
      <h2 id="diagnostics-heading">{t('diagnostics')}</h2>
      <p>
        {t(
          'diagnosticsSummary',
          plural('historyQuestions', d.overall.runs),
          plural('diagBroken', d.overall.citations, d.overall.broken),
          plural('diagRetries', d.overall.retries),
          plural('diagDrops', d.overall.drops),
          d.overall.abstentions,
          plural('diagErrors', d.overall.errors),
        )}
      </p>
      <BrokenRateChart days={d.byDay} />
      <TallyTable caption={t('byModel')} rows={d.byModel} />
      <TallyTable caption={t('bySite')} rows={d.bySite} />
      <button type="button" onClick={download} disabled={runLog.length === 0 && failureLog.length === 0}>
        {t('exportJson')}
      </button>
    </section>
  );
}
