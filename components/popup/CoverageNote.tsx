import type { DoneRun } from '@/lib/shared/run-state';
import { plural, t } from '@/lib/shared/i18n';
import { minutesOf, NO_TRANSCRIPT_REASONS } from '@/lib/shared/video-passages';
import type { NoTranscriptReason } from '@/lib/shared/transcript';

/** Why `n` videos gave no captions, in a sentence. */
function unreadVideos(reason: NoTranscriptReason, n: number): string {
  switch (reason) {
    case 'no-captions':
      return plural('videoNoCaptions', n);
    case 'empty':
      return plural('videoCaptionsEmpty', n);
    case 'unreadable':
      return plural('videoCaptionsUnreadable', n);
    case 'video-changed':
      return plural('videoChanged', n);
  }
}

export interface CoverageNoteProps {
  run: DoneRun;
}

/** What was read and what could not be, so an answer's limits are visible. */
export function CoverageNote({ run }: CoverageNoteProps) {
  const c = run.coverage;
  const partial = c?.partial ?? [];
  // Frames beyond one per tab are the frames embedded in the pages.
  const embedded = c?.frames !== undefined ? c.frames - c.tabs : 0;
  const read = [
    plural('coveragePassages', c?.passages ?? 0),
    ...(c?.chars !== undefined ? [plural('coverageChars', c.chars)] : []),
    ...(embedded > 0 ? [plural('coverageFrames', embedded)] : []),
  ].join(t('listSeparator'));
  // What the pages' check before sending kept from Claude (lib/worker/run/shown-step.ts): a page
  // that hides words from its readers is worth knowing about.
  const u = c?.unseen;
  const unseen = [
    ...(u && u.hidden > 0 ? [plural('unseenHidden', u.hidden)] : []),
    ...(u && u.cut > 0 ? [plural('unseenCut', u.cut)] : []),
    ...(u && u.unchecked > 0 ? [plural('unseenUnchecked', u.unchecked)] : []),
  ];
  // The videos: their captions read, or why not, said plainly (never a guess from the title).
  const v = c?.videos;
  const videos = v
    ? [
        ...(v.read > 0 ? [plural('coverageVideos', v.read, minutesOf(v.durationMs))] : []),
        ...NO_TRANSCRIPT_REASONS.flatMap((reason) => {
          const n = v.unread.filter((r) => r === reason).length;
          return n > 0 ? [unreadVideos(reason, n)] : [];
        }),
      ]
    : [];
  return (
    <div class="coverage">
      {videos.length > 0 && <p class="note coverage-videos">{videos.join(' ')}</p>}
      {c && (
        <p class="note">
          {c.leftOut > 0
            ? plural('coverageReadLeftOut', c.tabs, read, c.sent, c.leftOut)
            : plural('coverageRead', c.tabs, read, c.sent)}
        </p>
      )}
      {unseen.length > 0 && <p class="note">{unseen.join(' ')}</p>}
      {c && run.outcome?.kind === 'abstain' && (
        <p class="note">{partial.length === 0 && run.skipped.length === 0 ? t('readInFull') : t('notAllRead')}</p>
      )}
      {partial.length > 0 && (
        <details open={run.outcome?.kind === 'abstain'}>
          <summary>{plural('tabsReadInPart', partial.length)}</summary>
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
          <summary>{plural('tabsNotRead', run.skipped.length)}</summary>
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
