/**
 * The user's selection, as it will lead what is sent: shown so that the user sees what goes
 * first, and where it came from. Only the focused frame of the active tab can supply it.
 */
import type { RunState } from '@/lib/shared/answer/run-state';
import { plural, slot, t } from '@/lib/shared/core/i18n';
import { Isolated } from './Isolated';

export interface SelectionNoteProps {
  selection: NonNullable<RunState['selection']>;
}

/** Characters of the selection shown; the rest is counted. */
const SHOWN = 280;

export function SelectionNote({ selection }: SelectionNoteProps) {
  const { text, title } = selection;
  const shown = text.length > SHOWN ? `${text.slice(0, SHOWN).trimEnd()}…` : text;
  return (
    <section class="your-selection" aria-label={t('yourSelection')}>
      <p class="note">
        {/* The page's title in its own direction, whatever the screen's. */}
        <Isolated
          message={
            text.length > SHOWN
              ? title
                ? plural('selectionSentInLong', text.length, slot(0))
                : plural('selectionSentLong', text.length)
              : title
                ? t('selectionSentIn', slot(0))
                : t('selectionSent')
          }
          words={[title ?? '']}
        />
      </p>
      <blockquote dir="auto">{shown}</blockquote>
    </section>
  );
}
