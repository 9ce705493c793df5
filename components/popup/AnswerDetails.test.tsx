// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { baseRun as base, mount } from '../../tests/support/mount';
import { AnswerDetails } from './AnswerDetails';

describe('AnswerDetails', () => {
  it('shows the tokens of the answer: input, cached, output', () => {
    const root = mount(
      <AnswerDetails
        run={{
          ...base,
          plan: { passages: [], groups: [], tokens: 5200, reused: 12, budget: 8000 },
          outcome: {
            kind: 'abstain',
            reason: 'no-information',
            retried: false,
            checks: { citations: 0, broken: 0 },
            usage: { input: 100, cacheRead: 5000, cacheWrite: 300, output: 42, calls: 1 },
          },
        }}
      />,
    );
    expect(root.querySelector('summary')!.textContent).toBe('Details');
    const text = root.textContent!;
    expect(text).toContain('Input tokens5,400');
    expect(text).toContain('Read from the cache5,000');
    expect(text).toContain('Written to the cache300');
    expect(text).toContain('Output tokens42');
    expect(text).toContain('12 of them as sent with the previous question');
  });

  it('is absent before anything was sent', () => {
    const root = mount(<AnswerDetails run={base} />);
    expect(root.innerHTML).toBe('');
  });
});
