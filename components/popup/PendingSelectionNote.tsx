/** The selection the next question is about (from the context menu), shown as a quote, removable. */
import { t } from '@/lib/shared/core/i18n';

export interface PendingSelectionNoteProps {
  text: string;
  onRemove: () => void;
}

const SHOWN_CHARS = 280;

export function PendingSelectionNote({ text, onRemove }: PendingSelectionNoteProps) {
  const shown = text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS).trimEnd()}…` : text;
  return (
    <div class="selection-note">
      <p class="note">{t('pendingSelection')}</p>
      <blockquote dir="auto">{shown}</blockquote>
      <button type="button" onClick={onRemove}>
        {t('askWithoutSelection')}
      </button>
    </div>
  );
}
