/** Mounts a Preact component into happy-dom for a component test, and unmounts it after. */
import { render, type ComponentChild } from 'preact';
import { afterEach } from 'vitest';
import type { DoneRun } from '@/lib/shared/answer/run-state';

/** A finished run with nothing in it (neither answer nor results yet), for component tests to add to. */
export const baseRun: DoneRun = {
  version: 2,
  id: 'r',
  question: 'When does it close?',
  scope: 'tab',
  status: 'done',
  startedAt: 0,
  finishedAt: 0,
  skipped: [],
};

/** Renders `node` into a fresh element of the test document; the document is emptied after each test. */
export function mount(node: ComponentChild): HTMLElement {
  const root = document.createElement('div');
  document.body.append(root);
  render(node, root);
  return root;
}

afterEach(() => {
  document.body.innerHTML = '';
});
