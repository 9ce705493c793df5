/**
 * The read budget of the text walk. The page is frozen while it is walked and its text goes to
 * the worker in one message, so on a huge page the walk stops after so many characters or so many
 * milliseconds; the budget says when, and about how much of the page was read by then.
 *
 * Looking at the clock costs more than visiting a node, so it is looked at once every few hundred
 * nodes. Pure DOM code (it reads `textContent` only when the walk stops).
 */

/** Why the walk stopped before the end of the page. */
export interface Truncation {
  reason: 'size' | 'time';
  /**
   * About how much of the page's text was read, 0–1: the text walked over, against that plus
   * the `textContent` of everything after the place where the walk stopped.
   */
  share: number;
}

export interface ReadLimits {
  /** Stop once this many characters have been read (a huge page). Default: no limit. */
  maxTextChars?: number;
  /** Stop once this many milliseconds have passed since the walk began. Default: no limit. */
  timeBudgetMs?: number;
  /** The clock for `timeBudgetMs` (tests pass their own). */
  now?: () => number;
}

/** How many nodes are visited between two looks at the clock. */
export const CLOCK_EVERY = 256;

/** The characters and the time a walk of `root` may spend; created when the walk begins. */
export class ReadBudget {
  /** Set once a budget has run out: the walk stops, and its text is the page's beginning. */
  truncated: Truncation | undefined = undefined;
  private readonly root: Node;
  private readonly maxChars: number;
  private readonly now: () => number;
  private readonly deadline: number;
  private untilClock = CLOCK_EVERY;

  constructor(root: Node, limits: ReadLimits = {}) {
    this.root = root;
    this.maxChars = limits.maxTextChars ?? Infinity;
    this.now = limits.now ?? (() => performance.now());
    this.deadline = limits.timeBudgetMs !== undefined ? this.now() + limits.timeBudgetMs : Infinity;
  }

  get stopped(): boolean {
    return this.truncated !== undefined;
  }

  /**
   * Whether the walk, `read` characters in, may go on to `node`. Once it may not, it never may
   * again, and `node` is where the walk stopped.
   */
  allows(node: Node, read: number): boolean {
    if (this.truncated) return false;
    if (read >= this.maxChars) {
      this.stop(node, read, 'size');
      return false;
    }
    if (--this.untilClock <= 0) {
      this.untilClock = CLOCK_EVERY;
      if (this.now() > this.deadline) {
        this.stop(node, read, 'time');
        return false;
      }
    }
    return true;
  }

  /**
   * The part of `data` (the text of `node`) that fits in the characters left, `read` characters
   * in: all of it, or its beginning, and then the walk stops (one huge text node, a log in a
   * `<pre>` say, is still read up to the limit).
   */
  fit(node: Text, data: string, read: number): string {
    if (read + data.length <= this.maxChars) return data;
    const total = read + textAfter(node, this.root);
    const kept = data.slice(0, Math.max(0, this.maxChars - read));
    this.truncated = { reason: 'size', share: total > 0 ? (read + kept.length) / total : 1 };
    return kept;
  }

  private stop(node: Node, read: number, reason: Truncation['reason']): void {
    const rest = textAfter(node, this.root);
    this.truncated = { reason, share: read + rest > 0 ? read / (read + rest) : 1 };
  }
}

/**
 * The length of the text that comes after `node` (itself included) in `root`: the
 * `textContent` of it, of its following siblings, and of its ancestors' following siblings.
 */
export function textAfter(node: Node, root: Node): number {
  let total = 0;
  for (let s: Node | null = node; s; s = s.nextSibling) total += s.textContent?.length ?? 0;
  for (let n = flatParent(node); n && n !== root; n = flatParent(n)) {
    for (let s = n.nextSibling; s; s = s.nextSibling) total += s.textContent?.length ?? 0;
  }
  return total;
}

/** The parent in the flat tree, as far as a walk needs it: a shadow root's parent is its host. */
function flatParent(n: Node): Node | null {
  const parent = n.parentNode;
  return parent && parent.nodeType === 11 ? ((parent as ShadowRoot).host ?? null) : parent;
}
