/** "Copy as Markdown" and "Copy as text": the answer with its quotes and links that find them. */
import { useEffect, useState } from 'preact/hooks';
import type { Outcome } from '@/lib/shared/answer/run';
import { t } from '@/lib/shared/core/i18n';

export interface CopyAnswerProps {
  question: string;
  outcome: Outcome;
  /** The clipboard; tests pass their own. */
  write?: (text: string) => Promise<void>;
}

const clipboard = (text: string) => navigator.clipboard.writeText(text);

// Writing the answer out (with the link finder it needs and its list of top-level domains, a
// third of the popup's script) is loaded with the buttons, not with the popup: asked for when they
// are shown, so that it has arrived by the time they are pressed.
const copyText = () => import('@/lib/shared/answer/copy-answer');

export function CopyAnswer({ question, outcome, write = clipboard }: CopyAnswerProps) {
  const [status, setStatus] = useState('');
  useEffect(() => void copyText().catch(() => {}), []);
  const copy = (format: 'Markdown' | 'text') => {
    copyText()
      .then(({ answerAsMarkdown, answerAsText }) =>
        write(format === 'Markdown' ? answerAsMarkdown({ question, outcome }) : answerAsText({ question, outcome })),
      )
      .then(
        () => setStatus(t(format === 'Markdown' ? 'copiedMarkdown' : 'copiedText')),
        () => setStatus(t('copyRefused')),
      );
  };
  return (
    <div class="copy-answer">
      <button type="button" onClick={() => copy('Markdown')}>
        {t('copyMarkdown')}
      </button>
      <button type="button" onClick={() => copy('text')}>
        {t('copyText')}
      </button>
      <span class="note" role="status">
        {status}
      </span>
    </div>
  );
}
