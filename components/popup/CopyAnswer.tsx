/** "Copy as Markdown" and "Copy as text": the answer with its quotes and links that find them. */
import { useState } from 'preact/hooks';
import type { Outcome } from '@/lib/shared/run';
import { answerAsMarkdown, answerAsText } from '@/lib/shared/copy-answer';
import { t } from '@/lib/shared/i18n';

export interface CopyAnswerProps {
  question: string;
  outcome: Outcome;
  /** The clipboard; tests pass their own. */
  write?: (text: string) => Promise<void>;
}

const clipboard = (text: string) => navigator.clipboard.writeText(text);

export function CopyAnswer({ question, outcome, write = clipboard }: CopyAnswerProps) {
  const [status, setStatus] = useState('');
  const copy = (format: 'Markdown' | 'text') => {
    const text = format === 'Markdown' ? answerAsMarkdown({ question, outcome }) : answerAsText({ question, outcome });
    write(text).then(
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
