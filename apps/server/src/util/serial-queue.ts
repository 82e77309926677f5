/**
 * Runs the tasks given to it one after another: each starts when the one before it has ended (resolved or
 * rejected), so two tasks that read and write the same state never interleave at their awaits.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    // A failed task fails its own caller only; the next task still runs.
    this.tail = result.catch(() => {});
    return result;
  }
}
