/**
 * The screens and the worker of one build (lib/shared/core/build-id.ts): as the popup or the side panel
 * opens, it asks the worker which build it runs. Another build (the browser kept the previous
 * release's worker across an update) restarts the extension once, which starts the worker from
 * this build's files; if that did not mend it, this says what to do instead of failing every read.
 */
import { useEffect, useState } from 'preact/hooks';
import { BUILD_ID, onWorkerBuild } from '@/lib/shared/core/build-id';
import { callWorker } from '@/lib/shared/protocol/call-worker';
import { t } from '@/lib/shared/core/i18n';
import { buildRestartItem } from '@/lib/shared/store/storage';

export function BuildMismatchNote() {
  const [say, setSay] = useState(false);
  useEffect(() => {
    void (async () => {
      // No answer (a worker of a build before this question) or another shape: not this build's.
      const theirs = await callWorker({ type: 'build', screen: BUILD_ID })
        .then((r) => r.build)
        .catch(() => null);
      const what = onWorkerBuild(BUILD_ID, theirs, await buildRestartItem.getValue().catch(() => null), Date.now());
      if (what === 'same') return;
      if (what === 'restart') {
        await buildRestartItem.setValue({ build: BUILD_ID, at: Date.now() }).catch(() => {});
        browser.runtime.reload();
        return;
      }
      setSay(true);
    })();
  }, []);
  if (!say) return null;
  return (
    <p class="error build-mismatch" role="alert">
      {t('buildMismatch')}
    </p>
  );
}
