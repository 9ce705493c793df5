import type { RunState } from '@/lib/shared/storage';

export interface CoverageNoteProps {
  run: RunState;
}

/** What was read and what could not be, so an answer's limits are visible. */
export function CoverageNote({ run }: CoverageNoteProps) {
  const c = run.coverage;
  const partial = c?.partial ?? [];
  // Frames beyond one per tab are the frames embedded in the pages.
  const embedded = c?.frames !== undefined ? c.frames - c.tabs : 0;
  const read = [
    `${c?.passages} passages`,
    ...(c?.chars !== undefined ? [`${c.chars.toLocaleString('en')} characters`] : []),
    ...(embedded > 0 ? [`${embedded} embedded ${embedded === 1 ? 'frame' : 'frames'}`] : []),
  ].join(', ');
  return (
    <div class="coverage">
      {c && (
        <p class="note">
          Read {c.tabs} {c.tabs === 1 ? 'tab' : 'tabs'} ({read}); sent {c.sent} to Claude
          {c.leftOut > 0 ? `; ${c.leftOut} relevant passages did not fit` : ''}.
        </p>
      )}
      {c && run.outcome?.kind === 'abstain' && (
        <p class="note">
          {partial.length === 0 && run.skipped.length === 0
            ? 'The pages were read in full.'
            : 'Not all of the pages could be read in full: the answer may be in what was left out.'}
        </p>
      )}
      {partial.length > 0 && (
        <details open={run.outcome?.kind === 'abstain'}>
          <summary>{partial.length === 1 ? '1 tab was read in part' : `${partial.length} tabs were read in part`}</summary>
          <ul>
            {partial.map((s) => (
              <li key={s.tabId}>
                <strong>{s.title || s.url}</strong>: {s.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      {run.skipped.length > 0 && (
        <details>
          <summary>{run.skipped.length === 1 ? '1 tab was not read' : `${run.skipped.length} tabs were not read`}</summary>
          <ul>
            {run.skipped.map((s) => (
              <li key={s.tabId}>
                <strong>{s.title || s.url}</strong>: {s.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
