/**
 * The user's selection, as it will lead what is sent: shown so that the user sees what goes
 * first, and where it came from. Only the focused frame of the active tab can supply it.
 */
import type { RunState } from '@/lib/shared/storage';
import { plural, t } from '@/lib/shared/i18n';

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
        {text.length > SHOWN
          ? title
            ? plural('selectionSentInLong', text.length, title)
            : plural('selectionSentLong', text.length)
          : title
            ? t('selectionSentIn', title)
            : t('selectionSent')}
      </p>
      <blockquote>{shown}</blockquote>
    </section>
  );
}
