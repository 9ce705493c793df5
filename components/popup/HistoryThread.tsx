/**
 * A thread reopened from the history: its questions and answers as they were verified, each
 * citation still a button. A click highlights the quote in its tab if the tab still shows the
 * page, or opens the page as cited (with a text fragment) when the tab is gone.
 */
import { useEffect, useMemo, useRef } from 'preact/hooks';
import { citationSteps } from '@/lib/shared/answer/citation-steps';
import type { ShownCitation } from '@/lib/shared/answer/run';
import type { HistoryEntry } from '@/lib/shared/store/history';
import { Abstention } from './Abstention';
import { AnswerBody } from './AnswerBody';
import { CopyAnswer } from './CopyAnswer';
import { Chevron } from './Chevron';
import { CitationStepper } from './CitationStepper';
import { when } from './HistoryList';
import { useCitationSteps } from './use-citation-steps';
import { t } from '@/lib/shared/core/i18n';

export interface HistoryThreadProps {
  entry: HistoryEntry;
  onReveal: (c: ShownCitation) => void;
  onBack: () => void;
  /** In the side panel: Next citation and Previous citation (and their keys) through the thread's quotes. */
  stepper?: boolean;
}

export function HistoryThread({ entry, onReveal, onBack, stepper = false }: HistoryThreadProps) {
  const list = useMemo(() => entry.turns.flatMap((t) => citationSteps(t.outcome)), [entry]);
  const steps = useCitationSteps(entry.id, list, stepper, onReveal);
  const current = steps.currentCitation;
  // Opened from the list, whose button is gone: the keyboard starts at Back.
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => back.current?.focus(), []);
  return (
    <section class="history-thread" aria-label={t('fromHistory', entry.turns[0]!.question)}>
      <button type="button" class="back" ref={back} onClick={onBack}>
        <Chevron to="start" />
        {t('backToHistory')}
      </button>
      <p class="note">{t('answeredAt', when(entry.updatedAt))}</p>
      {stepper && <CitationStepper steps={steps.list} current={steps.current} onStep={steps.step} />}
      {entry.turns.map((turn) => (
        <article key={turn.id} class="turn">
          {/* Under the page's h1: the thread itself has no heading of its own. */}
          <h2 class="turn-question">
            <bdi>{turn.question}</bdi>
          </h2>
          {turn.outcome.kind === 'abstain' ? (
            <Abstention reason={turn.outcome.reason} />
          ) : (
            <AnswerBody claims={turn.outcome.claims} outcome={turn.outcome} onReveal={steps.reveal} current={current} />
          )}
          <CopyAnswer question={turn.question} outcome={turn.outcome} />
        </article>
      ))}
    </section>
  );
}
