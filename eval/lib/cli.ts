/** Command-line options and time limits shared by the eval scripts. */

/** `--name <text>`, or undefined. */
export function stringOption(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

/** `--name <number>` when it is a number that `accept` takes, else `fallback`. */
export function numberOption(name: string, fallback: number, accept: (v: number) => boolean): number {
  const v = Number(stringOption(name) ?? NaN);
  return Number.isFinite(v) && accept(v) ? v : fallback;
}

/** `p`, or a rejection after `ms`: one page that hangs must not stop a whole corpus. */
export function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms / 1000} s`)), ms);
    }),
  ]);
}
