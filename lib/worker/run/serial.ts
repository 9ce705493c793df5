/**
 * Tasks run one at a time, in order: the run state's read-modify-write updates, so a late stage
 * update never undoes "done". A task that fails fails alone: the ones after it still run (one
 * failed storage write once made every later update, and so every later question, hang).
 */
export function serialQueue(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return (task) => {
    const next = tail.then(task);
    tail = next.catch(() => {});
    return next;
  };
}
