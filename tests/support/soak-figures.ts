/**
 * The soak benchmark's figures and verdicts (tests/bench/soak.ts), from what it measured and
 * nothing else: the Ask → request times against the first twenty's median, the worker's heap
 * after the twentieth question against after the last, and what each page was left with after
 * each question (listeners, highlights, overlays, scripts) against what it had before the
 * extension met it and in the first twenty questions. Pure, so that the rules are tested without
 * a browser (tests/unit/soak-figures.test.ts).
 */

export const median = (xs: number[]): number => percentile(xs, 0.5);

/** The `p` quantile of `xs` (nearest rank), NaN for none. */
export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

export interface TimingFigures {
  /** The median of the first `warm` answers: the baseline of the run. */
  warmMedian: number;
  p50: number;
  p95: number;
  max: number;
  /** Answers after the first `warm` slower than `limit` × the baseline. */
  over: number;
  /** Answers after the first `warm`. */
  later: number;
  /** The median of the last `warm` answers over the baseline: the drift, noise mostly averaged out. */
  lastRatio: number;
}

/** Ask → request times in the order asked; `limit`: the ratio an answer may reach. */
export function timingFigures(times: number[], warm = 20, limit = 1.2): TimingFigures {
  const first = times.slice(0, warm);
  const later = times.slice(warm);
  const warmMedian = median(first);
  return {
    warmMedian,
    p50: median(times),
    p95: percentile(times, 0.95),
    max: Math.max(...times),
    over: later.filter((t) => t > limit * warmMedian).length,
    later: later.length,
    lastRatio: median(times.slice(-warm)) / warmMedian,
  };
}

/** The number of listeners in `now` beyond those in `before`, by type (none below 0). */
export function listenersBeyond(now: Record<string, number>, before: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [type, n] of Object.entries(now)) {
    const extra = n - (before[type] ?? 0);
    if (extra > 0) out[type] = extra;
  }
  return out;
}

/**
 * Listener types that outnumber both what the extension may hold by design (`allowance`) and the
 * most it held within the first questions (`early`): a count that grows over the day. Each with
 * the count found.
 */
export function listenerGrowth(
  ours: Record<string, number>,
  early: Record<string, number>,
  allowance: Record<string, number>,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [type, n] of Object.entries(ours)) {
    if (n > Math.max(early[type] ?? 0, allowance[type] ?? 0)) out[type] = n;
  }
  return out;
}

/** The larger count of each type in `a` and `b`. */
export function maxCounts(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const out = { ...a };
  for (const [type, n] of Object.entries(b)) out[type] = Math.max(out[type] ?? 0, n);
  return out;
}

/** What a page shows of the extension, as read after a question (tests/support/page-leftovers.ts). */
export interface PageMarks {
  highlights: string[];
  marks: number;
  focusAttributes: number;
  styles: number;
  overlays: number;
  worlds: number;
}

/**
 * What is left in a page beyond what the answer just clicked may show: in a page other than the
 * one `active` names, any highlight, mark or focus attribute; in the active one, highlights of
 * other names than the clicked quote's and its page's other quotes; anywhere, more than one style
 * element or extension world, or an overlay. Empty when nothing is left over.
 */
export function leftoversIn(marks: PageMarks, active: boolean, names: readonly string[]): string[] {
  const out: string[] = [];
  const foreign = marks.highlights.filter((n) => !names.includes(n));
  if (foreign.length) out.push(`highlights of another name: ${foreign.join(', ')}`);
  if (!active) {
    const ours = marks.highlights.filter((n) => names.includes(n));
    if (ours.length) out.push(`highlights left: ${ours.join(', ')}`);
    if (marks.marks) out.push(`${marks.marks} marks left`);
    if (marks.focusAttributes) out.push(`${marks.focusAttributes} focus attributes left`);
  }
  if (marks.styles > 1) out.push(`${marks.styles} style elements`);
  if (marks.overlays > 0) out.push(`${marks.overlays} overlays`);
  if (marks.worlds > 1) out.push(`${marks.worlds} extension worlds`);
  return out;
}

export interface Goal {
  name: string;
  figure: string;
  pass: boolean;
  /** A leak or a cap passed, which fails even the short run; a timing never does. */
  structural: boolean;
  /** Reported, never a reason to fail (a time on a shared machine). */
  timing?: boolean;
}

/** The run's exit code: the short run fails on a structural goal missed, the full one on any but a timing. */
export function exitCode(goals: Goal[], short: boolean): number {
  return goals.some((g) => !g.pass && (short ? g.structural : !g.timing)) ? 1 : 0;
}
