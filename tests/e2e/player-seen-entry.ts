/**
 * Bundled into test pages by player-seen.test.ts: whether a reader sees each player of the page
 * (lib/page/video/read-videos.ts `playerSeen`, lib/page/seen/box-shown.ts), the proof of a quoted
 * video's player (lib/page/video/prove-players.ts), and the same with rows taken out of the one
 * table of rules (lib/shared/seen/seen.ts), run on the page as it is laid out in a real browser.
 */
import { boxJudge } from '@/lib/page/seen/box-shown';
import { mediaElements, mediaKey, playerSeen } from '@/lib/page/video/read-videos';
import { provePlayers } from '@/lib/page/video/prove-players';
import { rulesChanged, type SeenVerdict } from '@/lib/shared/seen/seen';
import { SEEN_RULES } from '@/lib/shared/seen/rules';
import type { SeenRule } from '@/lib/shared/seen/measured';
import type { SeenResult, NotSeen } from '@/lib/shared/protocol/types';

/** Each player of the page by its id, as a reader sees it now. */
export function players(): Record<string, SeenVerdict> {
  const judge = boxJudge(document);
  return Object.fromEntries(mediaElements(document).map((m) => [m.id, playerSeen(m, judge)]));
}

/** `players()` with the table's rows for `why` taken out, then put back. */
export function playersWithout(why: NotSeen): Record<string, SeenVerdict> {
  const table = SEEN_RULES as SeenRule[];
  const original = [...table];
  table.splice(0, table.length, ...original.filter((r) => r.why !== why));
  rulesChanged();
  try {
    return players();
  } finally {
    table.splice(0, table.length, ...original);
    rulesChanged();
  }
}

/** The proof of the players that the keys of the players `ids` name, in order. */
export function prove(ids: string[]): SeenResult[] {
  const all = mediaElements(document);
  return provePlayers(
    document,
    ids.map((id) => {
      const i = all.findIndex((m) => m.id === id);
      return i < 0 ? `media:99:${id}` : mediaKey(i, all[i]!);
    }),
  );
}
