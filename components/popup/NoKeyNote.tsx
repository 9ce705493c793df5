export interface NoKeyNoteProps {
  onOpenOptions: () => void;
}

/** Shown instead of asking when no API key is set: how to set one. */
export function NoKeyNote({ onOpenOptions }: NoKeyNoteProps) {
  return (
    <div class="no-key" role="alert">
      <p>
        To ask Claude, add your Anthropic API key in the options. It stays in this browser's extension storage and is sent only to
        the API.
      </p>
      <button type="button" onClick={onOpenOptions}>
        Open options to set your API key
      </button>
    </div>
  );
}
