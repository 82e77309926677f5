/**
 * A value rebuilt in the background: the first read waits for the first build; later reads get the
 * value at hand at once and, when it is stale, start one rebuild (never two at once) whose result the
 * reads after it see. A failed rebuild keeps the old value and is tried again on a later read.
 */
export class Refreshing<T> {
  private value: T | null = null;
  private builtAt = Number.NEGATIVE_INFINITY;
  private builtFor: unknown = undefined;
  private building: Promise<T> | null = null;

  constructor(
    private readonly build: () => Promise<T>,
    private readonly onError: (error: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** The value; rebuilt when `stamp` differs from the one it was built for and `minAgeMs` have passed. */
  async get(stamp: unknown, minAgeMs: number): Promise<T> {
    const stale = stamp !== this.builtFor && this.now() - this.builtAt >= minAgeMs;
    if (this.value !== null && !stale) return this.value;
    const rebuild = this.start(stamp);
    if (this.value !== null) {
      rebuild.catch(this.onError);
      return this.value;
    }
    return rebuild;
  }

  private start(stamp: unknown): Promise<T> {
    this.building ??= this.build()
      .then((value) => {
        this.value = value;
        this.builtAt = this.now();
        this.builtFor = stamp;
        return value;
      })
      .finally(() => {
        this.building = null;
      });
    return this.building;
  }
}
