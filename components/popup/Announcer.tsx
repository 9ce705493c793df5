/**
 * The app's one polite live region, present from the start: a region inserted together with its
 * text is often not read, and one whose text ticks (a countdown, a token count) is read at every
 * tick. So it says each step once, as it starts, and the answer once, when it arrives.
 */
export interface AnnouncerProps {
  /** What to say now; the same text again says nothing. */
  text: string;
}

export function Announcer({ text }: AnnouncerProps) {
  return (
    <p class="visually-hidden" role="status">
      {text}
    </p>
  );
}
