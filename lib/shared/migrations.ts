/**
 * Versioned stored shapes brought up to date, one step at a time: each step is a pure function
 * from version N to N+1 (tested on a sample of version N as that release wrote it), and this
 * runner applies them in order. A step that throws leaves nothing changed: the caller keeps the
 * old data and says so; a version newer than this build knows is kept as it is, never read as
 * defaults.
 */

/** Steps by the version they start from: `steps[n]` turns version n into version n + 1. */
export interface Migrations {
  current: number;
  steps: Readonly<Record<number, (old: unknown) => unknown>>;
}

export type Migrated =
  | { kind: 'current'; value: unknown; from: number }
  | { kind: 'newer'; version: number }
  | { kind: 'failed'; version: number; error: string };

/** `value` of `version` brought to `m.current`; nothing is written here, so it can be run again. */
export function migrate(value: unknown, version: number, m: Migrations): Migrated {
  if (version > m.current) return { kind: 'newer', version };
  let v = value;
  for (let n = version; n < m.current; n++) {
    const step = m.steps[n];
    if (!step) return { kind: 'failed', version: n, error: `no step from version ${n}` };
    try {
      v = step(v);
    } catch (e) {
      return { kind: 'failed', version: n, error: e instanceof Error ? e.message : String(e) };
    }
  }
  return { kind: 'current', value: v, from: version };
}
