/** One numbered step of the welcome: its number, its heading, and what the user does there. */
import type { ComponentChildren } from 'preact';

export interface WelcomeStepProps {
  n: number;
  id: string;
  title: string;
  children: ComponentChildren;
}

export function WelcomeStep({ n, id, title, children }: WelcomeStepProps) {
  return (
    <section class="step" aria-labelledby={id}>
      <h2 id={id}>
        <span class="step-number" aria-hidden="true">
          {n}
        </span>
        {title}
      </h2>
      <div class="fields">{children}</div>
    </section>
  );
}
