/**
 * A video's moment as a player writes it ("0:07", "2:31", "1:02:03"), in the interface's
 * language: by `Intl.DurationFormat`'s digital style where the browser has it (Chrome 129,
 * Firefox 136), else from `Intl.NumberFormat`'s digits. Pure, the locale passed in, so that
 * both ways are tested without a browser.
 */

/** What this module needs of `Intl.DurationFormat` (not yet in TypeScript's lib). */
type DurationFormatCtor = new (
  locale: string,
  options: Record<string, string>,
) => { format(duration: { hours?: number; minutes: number; seconds: number }): string };

/** The browser's `Intl.DurationFormat`, or undefined where it has none. */
export const nativeDurationFormat = (Intl as unknown as { DurationFormat?: DurationFormatCtor }).DurationFormat;

/** h, m and s of a moment, whole seconds, never below 0. */
function parts(ms: number): { hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.floor(ms / 1000));
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

/**
 * `ms` as h:mm:ss from an hour, m:ss below, in `tag`'s digits. `DurationFormat` is passed in
 * (the browser's, by default; undefined for the fallback).
 */
export function formatClock(ms: number, tag: string, DurationFormat = nativeDurationFormat): string {
  const { hours, minutes, seconds } = parts(ms);
  if (DurationFormat) {
    // Below an hour the hours are left out and the minutes are not padded ("2:31", not "02:31"):
    // digital style pads minutes after numeric hours, so the hours get a style that is not numeric.
    return hours > 0
      ? new DurationFormat(tag, { style: 'digital' }).format({ hours, minutes, seconds })
      : new DurationFormat(tag, { style: 'digital', hours: 'long', hoursDisplay: 'auto', minutes: 'numeric' }).format({
          minutes,
          seconds,
        });
  }
  const whole = new Intl.NumberFormat(tag, { useGrouping: false });
  const two = new Intl.NumberFormat(tag, { useGrouping: false, minimumIntegerDigits: 2 });
  return hours > 0
    ? `${whole.format(hours)}:${two.format(minutes)}:${two.format(seconds)}`
    : `${whole.format(minutes)}:${two.format(seconds)}`;
}
