/**
 * Sends only the last state of a fast toggle (save, heart): while a request is in flight, further
 * clicks just change the wanted state, and when the request ends one more is sent only if the
 * wanted state differs from what the server now has (STYLE.md §3).
 */
export interface ToggleCallbacks<R> {
  send: (wanted: boolean) => Promise<R>;
  /** The server has the wanted state and no other change is waiting. */
  onSettled: (answer: R, state: boolean) => void;
  /** A request failed: the caller rolls back to `confirmed`. */
  onError: (error: unknown, attempted: boolean, confirmed: boolean) => void;
}

interface Entry {
  confirmed: boolean;
  wanted: boolean;
  inFlight: boolean;
}

export class LatestStateSender {
  private entries = new Map<string, Entry>();

  /** `current` is the state shown before this click (the server's, when nothing is pending). */
  toggle<R>(key: string, wanted: boolean, current: boolean, callbacks: ToggleCallbacks<R>): void {
    const entry = this.entries.get(key) ?? { confirmed: current, wanted: current, inFlight: false };
    entry.wanted = wanted;
    this.entries.set(key, entry);
    if (!entry.inFlight) void this.flush(key, entry, callbacks);
  }

  isPending(key: string): boolean {
    return this.entries.has(key);
  }

  private async flush<R>(key: string, entry: Entry, callbacks: ToggleCallbacks<R>): Promise<void> {
    if (entry.wanted === entry.confirmed) {
      this.entries.delete(key);
      return;
    }
    const attempted = entry.wanted;
    entry.inFlight = true;
    try {
      const answer = await callbacks.send(attempted);
      entry.confirmed = attempted;
      entry.inFlight = false;
      if (entry.wanted === entry.confirmed) {
        this.entries.delete(key);
        callbacks.onSettled(answer, attempted);
      } else {
        await this.flush(key, entry, callbacks);
      }
    } catch (error) {
      this.entries.delete(key);
      callbacks.onError(error, attempted, entry.confirmed);
    }
  }
}
