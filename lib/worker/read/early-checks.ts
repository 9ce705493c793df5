/**
 * The check before sending (lib/worker/run/seen-step.ts), answered by the reading itself when it came with one:
 * a frame whose text is small enough to be sent whole checks every passage of its reading before
 * it replies (`checkUpTo` of the `extract` request, `shown` of its reply), and the question does
 * not ask it again. Fail closed: only the passages that reading checked are answered from it; a
 * question about any other passage (or another reading) goes to the frame as before.
 */
import type { ShownVerdict } from '@/lib/shared/protocol/types';

interface Checked {
  ids: ReadonlySet<string>;
  verdict: ShownVerdict;
}

export class EarlyChecks {
  readonly #checked = new Map<string, Checked>();
  readonly #asking = new Map<string, Promise<void>>();

  /** What frame `frameId` of tab `tabId` said of every passage (`ids`) of its reading `readId`. */
  keep(tabId: number, frameId: number, readId: string, ids: readonly string[], verdict: ShownVerdict): void {
    if (verdict.unknown) return;
    this.#checked.set(`${tabId}/${frameId}/${readId}`, { ids: new Set(ids), verdict });
  }

  /**
   * A whole reading's check asked of its frame after it was read (a reading taken from before
   * the question: read-ahead.ts, tab-reuse.ts), kept when its reply comes; nothing kept when it fails.
   */
  asking(tabId: number, frameId: number, readId: string, ids: readonly string[], reply: Promise<ShownVerdict>): void {
    const key = `${tabId}/${frameId}/${readId}`;
    const kept = reply.then(
      (verdict) => this.keep(tabId, frameId, readId, ids, verdict),
      () => {},
    );
    this.#asking.set(key, kept);
    void kept.then(() => this.#asking.delete(key));
  }

  /** Once the check asked of that reading (`asking`), if any, has replied. */
  async settled(tabId: number, frameId: number, readId: string): Promise<void> {
    await this.#asking.get(`${tabId}/${frameId}/${readId}`);
  }

  /** The check's answer about `ids` from what the reading said, or null when it did not check them all. */
  answer(tabId: number, frameId: number, readId: string, ids: readonly string[]): ShownVerdict | null {
    const checked = this.#checked.get(`${tabId}/${frameId}/${readId}`);
    if (!checked || !ids.every((id) => checked.ids.has(id))) return null;
    const asked = new Set(ids);
    const { verdict } = checked;
    return {
      hidden: verdict.hidden.filter((id) => asked.has(id)),
      cut: verdict.cut.filter((c) => asked.has(c.id)),
      noHeading: verdict.noHeading.filter((id) => asked.has(id)),
    };
  }
}

/**
 * The most characters of a frame checked whole as it is read: its share of the budget (a setting,
 * in tokens) among the tabs in scope, at three characters a token (fewer than text usually
 * takes): a frame that small may well be sent whole, so checking every passage costs little more
 * than checking those chosen.
 */
export function checkUpTo(budgetTokens: number, tabs: number): number {
  return Math.floor((budgetTokens * 3) / Math.max(1, tabs));
}
