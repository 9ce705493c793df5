/** Why a click on a citation highlighted nothing, and what can be done instead. */
import { t } from '@/lib/shared/core/i18n';

export interface RevealNoteProps {
  message: string;
  /** The quote is gone from its tab: offer the page as it was cited, in a new tab. */
  offerOpen: boolean;
  onOpenAsCited: () => void;
}

/** Why a click on a citation highlighted nothing, and what can be done instead. */
export function RevealNote({ message, offerOpen, onOpenAsCited }: RevealNoteProps) {
  return (
    <div class="reveal-note" role="alert">
      <p>{message}</p>
      {offerOpen && (
        <button type="button" onClick={onOpenAsCited}>
          {t('openAsCited')}
        </button>
      )}
    </div>
  );
}
