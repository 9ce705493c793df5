import type { RunState } from '@/lib/storage';

export interface CoverageNoteProps {
  run: RunState;
}

/** What was read and what could not be, so an answer's limits are visible. */
export function CoverageNote({ run }: CoverageNoteProps) {
  const c = run.coverage;
  return (
    <div class="coverage">
      {c && (
        <p class="note">
          Read {c.tabs} {c.tabs === 1 ? 'tab' : 'tabs'} ({c.passages} passages); sent {c.sent} to Claude
          {c.leftOut > 0 ? `; ${c.leftOut} relevant passages did not fit` : ''}.
        </p>
      )}
      {run.skipped.length > 0 && (
        <details>
          <summary>
            {run.skipped.length === 1 ? '1 tab was not read' : `${run.skipped.length} tabs were not read`}
          </summary>
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
