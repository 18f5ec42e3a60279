// An in-memory Web Storage for the play controller's autosave in Node tests.
import type { SaveStorage } from '../../src/app/play';

export class MemoryStorage implements SaveStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}
