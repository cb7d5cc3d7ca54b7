/**
 * A Storage whose quota can be made full, for tests of what happens when the browser refuses a write
 * (happy-dom's localStorage cannot be spied on reliably). Install with `vi.stubGlobal('localStorage', ...)`.
 */
export class QuotaStorage implements Storage {
  private readonly data = new Map<string, string>();
  /** While true, every write throws a QuotaExceededError, as a full browser store does. */
  full = false;

  get length(): number {
    return this.data.size;
  }

  key(index: number): string | null {
    return Array.from(this.data.keys())[index] ?? null;
  }

  getItem(key: string): string | null {
    return this.data.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    if (this.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.data.set(key, String(value));
  }

  removeItem(key: string): void {
    this.data.delete(key);
  }

  clear(): void {
    this.data.clear();
  }

  [name: string]: unknown;
}
