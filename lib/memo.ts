// A bounded memo for pure computations that pages repeat (date parts, formatted dates, sanitised
// HTML, islands' server HTML): answers are kept by key, and when it is full the least recently
// used answer is dropped (a Map iterates in insertion order, so a hit is moved to the end).
export class BoundedMemo<V> {
  private readonly answers = new Map<string, V>();

  constructor(private readonly maxEntries: number) {}

  /** The kept answer for `key`, else `compute()`, kept unless `keep` is false. */
  get(key: string, compute: () => V, keep = true): V {
    const hit = this.answers.get(key);
    if (hit !== undefined) {
      this.answers.delete(key);
      this.answers.set(key, hit);
      return hit;
    }
    const value = compute();
    if (keep) {
      if (this.answers.size >= this.maxEntries) this.answers.delete(this.answers.keys().next().value ?? '');
      this.answers.set(key, value);
    }
    return value;
  }
}
