/**
 * The latest run, by its status: progress with Cancel while it works, the claims already verified,
 * the error with the server it concerns and what to do next, the review before sending, the
 * search results or the verified answer. A stored run the screens cannot read is an error of its own.
 */
import { AnswerView } from './AnswerView';
import { ArrivingAnswer } from './ArrivingAnswer';
import { ErrorNote } from './ErrorNote';
import type { NextSteps } from './NotFoundNextSteps';
import { RevealNoteView } from './RevealNoteView';
import { RunProgress } from './RunProgress';
import { LazyReviewPanel, LazySearchResults } from './lazy-parts';
import type { Revealing } from './use-reveal';
import type { ShownRun } from './use-run';
import { claimsShown } from '@/lib/shared/answer/run-state';
import type { ShownCitation } from '@/lib/shared/answer/run';
import { t } from '@/lib/shared/core/i18n';

export interface RunViewProps {
  shown: Pick<ShownRun, 'run' | 'unreadable'>;
  /** The API's host, where a review's fragments would go. */
  apiHost: string;
  revealing: Revealing;
  /** The citation shown last (side panel), marked in the answer. */
  current?: ShownCitation | null;
  /** How many tabs the question reads, for its progress. */
  tabs: number;
  onReveal: (citation: ShownCitation) => void;
  onOpenOptions: () => void;
  onAskAgain: () => void;
  onCancel: () => void;
  onReview: (send: boolean) => void;
  nextSteps?: NextSteps;
}

export function RunView({ shown, apiHost, revealing, current = null, tabs, onReveal, ...on }: RunViewProps) {
  const { run, unreadable } = shown;
  // Claims verified while the answer streams; they stay in view if the question then fails.
  const arriving = run && claimsShown(run);
  return (
    <>
      {run?.status === 'working' && <RunProgress run={run} tabs={tabs} onCancel={on.onCancel} />}
      {arriving && <ArrivingAnswer claims={arriving} onReveal={onReveal} />}
      {run?.status === 'error' && (
        <ErrorNote error={run.error} server={run.server} onOpenOptions={on.onOpenOptions} onAskAgain={on.onAskAgain} />
      )}
      {unreadable && (
        <ErrorNote
          error={{ kind: 'unreadable-run', message: t(unreadable === 'old-version' ? 'runOldVersion' : 'runMalformed') }}
          onOpenOptions={on.onOpenOptions}
          onAskAgain={on.onAskAgain}
        />
      )}
      <RevealNoteView revealing={revealing} />
      {run?.status === 'review' && (
        <LazyReviewPanel run={run} destination={apiHost} onSend={() => on.onReview(true)} onCancel={() => on.onReview(false)} />
      )}
      {run?.status === 'done' && run.results && <LazySearchResults run={run} onReveal={onReveal} />}
      {run?.status === 'done' && <AnswerView run={run} current={current} onReveal={onReveal} nextSteps={on.nextSteps} />}
    </>
  );
}
