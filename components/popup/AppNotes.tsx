/**
 * What the app says about itself above the conversation, whatever the screen shows: a history that
 * could not be written, and a worker still running another build than the screens.
 */
import { BuildMismatchNote } from './BuildMismatchNote';
import { HistoryWriteNote } from './HistoryWriteNote';

export function AppNotes() {
  return (
    <>
      <HistoryWriteNote />
      <BuildMismatchNote />
    </>
  );
}
