/**
 * The run under the question, by its status: progress with Cancel while it works, the claims
 * already verified, the error with its next step, the review before sending, the search results
 * or the verified answer. A stored run the screens cannot read is an error of its own.
 */
import { AnswerView } from './AnswerView';
import { ArrivingAnswer } from './ArrivingAnswer';
import { ErrorNote } from './ErrorNote';
import { RevealNoteView } from './RevealNoteView';
import { RunProgress } from './RunProgress';
import { LazyCitationStepper, LazyReviewPanel, LazySearchResults } from './lazy-parts';
import type { CitationSteps } from './use-citation-steps';
import type { Revealing } from './use-reveal';
import type { ShownRun } from './use-run';
import { claimsShown } from '@/lib/shared/run-state';
import type { ShownCitation } from '@/lib/shared/run';
import { t } from '@/lib/shared/i18n';

export interface RunViewProps {
  shown: Pick<ShownRun, 'run' | 'unreadable'>;
  surface: 'popup' | 'panel';
  /** The API's host, where a review's fragments would go. */
  apiHost: string;
  revealing: Revealing;
  steps: CitationSteps;
  onReveal: (citation: ShownCitation) => void;
  onOpenOptions: () => void;
  onAskAgain: () => void;
  onCancel: () => void;
  onReview: (send: boolean) => void;
}

export function RunView({ shown, surface, apiHost, revealing, steps, onReveal, ...on }: RunViewProps) {
  const { run, unreadable } = shown;
  // Claims verified while the answer streams; they stay in view if the question then fails.
  const arriving = run && claimsShown(run);
  return (
    <>
      {run?.status === 'working' && <RunProgress run={run} onCancel={on.onCancel} />}
      {arriving && <ArrivingAnswer claims={arriving} onReveal={onReveal} />}
      {run?.status === 'error' && <ErrorNote error={run.error} onOpenOptions={on.onOpenOptions} onAskAgain={on.onAskAgain} />}
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
      {run?.status === 'done' && surface === 'panel' && (
        <LazyCitationStepper steps={steps.list} current={steps.current} onStep={steps.step} />
      )}
      {run?.status === 'done' && <AnswerView run={run} current={steps.currentCitation} onReveal={steps.reveal} />}
    </>
  );
}
