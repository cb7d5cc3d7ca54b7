/**
 * A bounded least-recently-used map from a key to a list, a text or bytes, weighed by their lengths. The calendar
 * keeps whole answers, prepared sources and each series' occurrences of a month here. Its keys hold what the value
 * is made of (the user's calendar version, a row's text, a series' rule; see the calendar routes, `rangeEventsJson`
 * and `occurrences`), so after an edit the key is new and the old entry can never be served: nothing needs
 * invalidating, which also holds across API processes sharing one database.
 */
export class BoundedCache<V extends { readonly length: number }> {
  private readonly entries = new Map<string, V>();
  private weight = 0;

  /** `capacity`: how many list items or characters it holds at most, summed over its entries. */
  constructor(private readonly capacity: number) {}

  get(key: string): V | undefined {
    const found = this.entries.get(key);
    if (found !== undefined) {
      // Map keeps insertion order: re-inserting marks the entry most recently used.
      this.entries.delete(key);
      this.entries.set(key, found);
    }
    return found;
  }

  set(key: string, value: V): void {
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.weight -= old.length + 1;
    }
    // +1: an empty value still costs its key.
    const cost = value.length + 1;
    if (cost > this.capacity) return;
    this.entries.set(key, value);
    this.weight += cost;
    if (this.weight <= this.capacity) return;
    // Down to seven eighths at once: each pass starts at the map's front, where the entries deleted before still lie
    // until the map is rebuilt, so evicting one entry per insertion walked those again and again.
    const target = this.capacity - (this.capacity >> 3);
    for (const [oldest, list] of this.entries) {
      if (this.weight <= target) break;
      this.entries.delete(oldest);
      this.weight -= list.length + 1;
    }
  }

  /** How many list items or characters it holds now. */
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
