/**
 * A bounded least-recently-used map from a key to a list, weighed by the lists' lengths. The calendar keeps each
 * repeating series' answer for a range here; its keys hold everything the answer is made of (see `rangeEventsJson`),
 * so an edited series has a new key and its old entry can never be served: nothing needs invalidating, which also
 * holds across API processes sharing one database.
 */
export class SeriesCache<T> {
  private readonly entries = new Map<string, readonly T[]>();
  private weight = 0;

  /** `capacity`: how many list items (occurrences) it holds at most, summed over its entries. */
  constructor(private readonly capacity: number) {}

  get(key: string): readonly T[] | undefined {
    const found = this.entries.get(key);
    if (found) {
      // Map keeps insertion order: re-inserting marks the entry most recently used.
      this.entries.delete(key);
      this.entries.set(key, found);
    }
    return found;
  }

  set(key: string, value: readonly T[]): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.weight -= old.length + 1;
    }
    // +1: an empty list still costs its key.
    const cost = value.length + 1;
    if (cost > this.capacity) return;
    this.entries.set(key, value);
    this.weight += cost;
    for (const [oldest, list] of this.entries) {
      if (this.weight <= this.capacity) break;
      this.entries.delete(oldest);
      this.weight -= list.length + 1;
    }
  }

  /** How many list items it holds now. */
  get held(): number {
    return this.weight;
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
    this.weight = 0;
  }
}
