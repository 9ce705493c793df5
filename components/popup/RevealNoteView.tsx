/** The note of the last citation that could not be shown, wired to the app's reveal (use-reveal.ts). */
import { RevealNote } from './RevealNote';
import type { Revealing } from './use-reveal';

export function RevealNoteView({ revealing }: { revealing: Revealing }) {
  const { note } = revealing;
  if (!note) return null;
  return (
    <RevealNote
      message={note.message}
      offerOpen={note.retry !== null}
      onOpenAsCited={() => note.retry && void revealing.reveal(note.retry, true)}
    />
  );
}
