/**
 * What the app's live region (Announcer) says as a question runs: each step once as it starts,
 * then the answer, "Not found", the search results or the review, once. Errors are not said
 * here: the error note is an alert of its own. What was already on screen when the popup opened
 * is not said again.
 */
import { useRef } from 'preact/hooks';
import { STAGE_TEXT } from '@/components/popup/RunProgress';
import type { RunState, Stage } from '@/lib/shared/answer/run-state';
import type { Outcome, SearchHit, ShownClaim } from '@/lib/shared/answer/run';
import { t } from '@/lib/shared/core/i18n';

/** What of a run the announcement depends on: a run of any status has these, or some of them. */
interface Announced {
  id: string;
  status: RunState['status'];
  stage?: Stage;
  outcome?: Outcome;
  results?: SearchHit[];
  claims?: ShownClaim[];
}

/** Claims are being shown while the answer streams: said once, not per claim. */
const arriving = (run: Announced) => run.status === 'working' && (run.claims?.length ?? 0) > 0;

/** The words for the run's state: a step, the answer's claims, or nothing. */
export function announcementOf(run: Announced | null): string {
  if (!run) return '';
  if (run.status === 'working' && arriving(run) && (run.stage ?? 'asking') === 'asking') return t('answerArriving');
  if (run.status === 'working') return t(STAGE_TEXT[run.stage ?? 'reading']);
  if (run.status === 'review') return t('reviewHeading');
  if (run.status !== 'done') return '';
  if (run.results) return t('searchResults');
  if (!run.outcome) return '';
  if (run.outcome.kind === 'abstain') return t('notFound');
  return t('announceAnswer', run.outcome.claims.map((c) => c.text).join(' '));
}

/**
 * The announcement for `run`, empty until the run's state differs from the one first loaded:
 * a popup reopened over an answer does not read it out again.
 */
export function useAnnouncement(run: Announced | null, loaded: boolean): string {
  const first = useRef<string | null>(null);
  const key = run ? `${run.id} ${run.status} ${run.stage ?? ''} ${arriving(run) ? 'arriving' : ''}` : '';
  if (!loaded) return '';
  if (first.current === null) first.current = key;
  return key === first.current ? '' : announcementOf(run);
}
