/**
 * One owner of the scripts the worker puts in pages (lib/worker/read/call-page.ts): every file it
 * injects and every message it sends to a page go through there, typed by the protocol and their
 * replies checked, so no module can send a page an unchecked message or inject a script the
 * protocol does not know. Asked of every source file, tests aside.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectGraph, ROOT } from '../support/imports';

const OWNER = 'lib/worker/read/call-page.ts';

/** The files other than the owner whose source matches every one of `what`. */
function othersDoing(...what: RegExp[]): string[] {
  return [...projectGraph().keys()].filter((f) => {
    const source = readFileSync(join(ROOT, f), 'utf8');
    return f !== OWNER && what.every((w) => w.test(source));
  });
}

describe('the scripts put in pages have one owner', () => {
  it('only it sends messages to a tab', () => {
    expect(othersDoing(/tabs\s*\.\s*sendMessage\s*\(/)).toEqual([]);
  });

  it('only it injects a script file (other modules may run a probe function, never a file)', () => {
    expect(othersDoing(/\bexecuteScript\s*\(/, /\bfiles\s*:\s*\[/)).toEqual([]);
  });

  it('the owner does both, so the checks above look at the right file', () => {
    const source = readFileSync(join(ROOT, OWNER), 'utf8');
    expect(source).toMatch(/tabs\s*\.\s*sendMessage\s*\(/);
    expect(source).toMatch(/files\s*:\s*\[\s*QUOTE_SCRIPT\s*\]/);
  });
});
