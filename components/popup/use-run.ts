/**
 * The run the screens show, as the worker keeps it in `session:lastRun`: read, parsed and kept
 * current (storage is the source of truth; the worker writes there even while the popup is
 * closed). A stored run the screens cannot read is reported as such, never shown half.
 */
import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import { callWorker } from '@/lib/shared/protocol/call-worker';
import type { RunState, StoredRun } from '@/lib/shared/answer/run-state';
import { lastRunItem } from '@/lib/shared/store/storage';

export interface ShownRun {
  /** The run, when one is stored and it parses. */
  run: RunState | null;
  /** Why a stored run cannot be shown: it was stored by another version, or is malformed. */
  unreadable: 'old-version' | 'malformed' | null;
  /** Nothing asked yet in this browser session (a browser start, an update): the last thread is shown. */
  newSession: boolean;
  loaded: boolean;
}

/** A stored run as the screens hold it. */
export function shownRun(stored: StoredRun): Omit<ShownRun, 'loaded'> {
  if (stored.kind === 'run') return { run: stored.run, unreadable: null, newSession: false };
  return {
    run: null,
    unreadable: stored.kind === 'unreadable' ? stored.why : null,
    newSession: stored.kind === 'none' && stored.newSession === true,
  };
}

export function useRun(): ShownRun {
  const [state, setState] = useState<ShownRun>({ run: null, unreadable: null, newSession: false, loaded: false });
  // Read from the first render on, before the first paint: the question box waits for it.
  useLayoutEffect(() => {
    const show = (stored: StoredRun) => setState({ ...shownRun(stored), loaded: true });
    // A write seen before the first read has answered is newer than what that read returns.
    let written = false;
    void lastRunItem.read().then((stored) => written || show(stored));
    return lastRunItem.watch((stored) => {
      written = true;
      show(stored);
    });
  }, []);
  const working = state.run?.status === 'working';
  // While a question is in flight, ask the background now and then: if the browser stopped the
  // worker, this wakes it and it reports the lost question instead of leaving a spinner.
  useEffect(() => {
    if (!working) return;
    const ping = () => void callWorker({ type: 'status' }).catch(() => {});
    ping();
    const timer = setInterval(ping, 3000);
    return () => clearInterval(timer);
  }, [working]);
  return state;
}
