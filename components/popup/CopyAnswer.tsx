/** "Copy as Markdown" and "Copy as text": the answer with its quotes and links that find them. */
import { useState } from 'preact/hooks';
import type { Outcome } from '@/lib/shared/run';
import { answerAsMarkdown, answerAsText } from '@/lib/shared/copy-answer';

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
      () => setStatus(`Copied as ${format}, with a link to each quote.`),
      () => setStatus('The clipboard refused the copy: select the answer and copy it instead.'),
    );
  };
  return (
    <div class="copy-answer">
      <button type="button" onClick={() => copy('Markdown')}>
        Copy as Markdown
      </button>
      <button type="button" onClick={() => copy('text')}>
        Copy as text
      </button>
      <span class="note" role="status">
        {status}
      </span>
    </div>
  );
}
