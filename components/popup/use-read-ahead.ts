/**
 * Reading ahead: as soon as a question has words in its box, the worker is told which tabs it
 * would read, and reads them while the rest is typed (lib/worker/read/read-ahead.ts), so that Ask
 * finds most of the work done. Only a question that could be sent now says so: one whose scope
 * needs access the extension lacks reads nothing until the user allows it at Ask. Told once per
 * scope (and chosen tabs) while the box holds words; again after the box is emptied.
 */
import { useEffect, useRef } from 'preact/hooks';
import { callWorker } from '@/lib/shared/protocol/call-worker';
import type { ReadAheadMessage } from '@/lib/shared/protocol/messages';
import { accessFor, type AskContext } from './use-asking';

/** What the worker is told to read ahead for this question, or null when it should read nothing yet. */
export function readAheadOf(ctx: AskContext, granted: string[]): ReadAheadMessage | null {
  const { scope, windowId, chosenTabs } = ctx;
  if (ctx.question.trim() === '' || windowId === null) return null;
  if (scope === 'tabs' && chosenTabs.length === 0) return null;
  if (accessFor(scope, ctx, granted)) return null;
  return { type: 'read-ahead', scope, windowId, ...(scope === 'tabs' ? { tabIds: [...chosenTabs].sort((a, b) => a - b) } : {}) };
}

/** Tells the worker to read ahead, as `readAheadOf` says; not while a question is in flight. */
export function useReadAhead(ctx: AskContext, granted: string[], working: boolean): void {
  const told = useRef<string | null>(null);
  const request = working ? null : readAheadOf(ctx, granted);
  const key = request && JSON.stringify(request);
  useEffect(() => {
    if (ctx.question.trim() === '') told.current = null;
    if (!request || key === told.current) return;
    told.current = key;
    void callWorker(request).catch(() => {});
  }, [key, ctx.question.trim() === '']);
}
