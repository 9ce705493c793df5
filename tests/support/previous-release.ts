/**
 * A real earlier build of the extension, for the update test (tests/e2e/update-from-release.test.ts):
 * the sources of a fixed commit taken out of this repository's own history (`git archive`, so a
 * fresh clone in CI has them without any network but the npm registry), installed with `npm ci`
 * and built with `wxt build` in a directory of the system's temp dir, kept there for the next run
 * (about 50 s the first time, nothing after).
 */
import { execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The previous release the update test starts from: 5da60b5, the last commit before a stored shape
 * moved (the next commit, 7aa1205, moved the history from `storage.local` into IndexedDB; since then
 * the history has a version, and the last run another shape). There is no tagged release yet; when
 * there is, or when a later change makes a stored shape differ again, this names that commit.
 */
export const PREVIOUS_RELEASE = '5da60b5ea79d0022d58c3a647787250937b463a2';

/**
 * The build of `commit` for `target` (its `.output/chrome-mv3` or `.output/firefox-mv2`), built once
 * and kept in the temp dir.
 */
export function previousBuild(target: 'chrome' | 'firefox', commit: string = PREVIOUS_RELEASE): string {
  const dir = join(tmpdir(), `cited-tabs-release-${commit.slice(0, 12)}`);
  const output = join(dir, '.output', target === 'chrome' ? 'chrome-mv3' : 'firefox-mv2');
  const installed = join(dir, '.installed');
  const built = join(dir, `.built-${target}`);
  if (existsSync(built) && existsSync(join(output, 'manifest.json'))) return output;
  // As from a publisher's shell: without the test runner's NODE_ENV=test, which would make a
  // development build. `npm` from this run's PATH (the project's Node first, as `npm run` sets it).
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_ENV' && !k.startsWith('VITEST')));
  const run = (args: string[]) => {
    try {
      execFileSync('npm', args, { cwd: dir, env, stdio: 'pipe', timeout: 300_000 });
    } catch (e) {
      const err = e as { stderr?: Buffer; stdout?: Buffer };
      throw new Error(`npm ${args.join(' ')} in ${dir} failed: ${String(err.stderr ?? err.stdout ?? e).slice(-2000)}`, {
        cause: e,
      });
    }
  };
  if (!existsSync(installed)) {
    try {
      execFileSync('git', ['-C', ROOT, 'cat-file', '-e', `${commit}^{commit}`], { stdio: 'ignore' });
    } catch {
      throw new Error(
        `commit ${commit} (the previous release) is not in this clone: a shallow clone lacks it (git fetch --unshallow)`,
      );
    }
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    execSync(`git -C "${ROOT}" archive ${commit} | tar -x -C "${dir}"`, { stdio: 'ignore' });
    run(['ci', '--no-audit', '--no-fund']);
    writeFileSync(installed, new Date().toISOString());
  }
  run(['exec', '--', 'wxt', 'build', ...(target === 'firefox' ? ['-b', 'firefox'] : [])]);
  writeFileSync(built, new Date().toISOString());
  return output;
}
