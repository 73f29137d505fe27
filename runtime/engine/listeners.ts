/** A set of listeners for one kind of event. */
export class Listeners<T> {
  private readonly set = new Set<(value: T) => void>();

  /** Adds `listener`; returns the function that removes it. */
  add(listener: (value: T) => void): () => void {
    this.set.add(listener);
    return () => this.set.delete(listener);
  }

  /** Calls every listener with `value`; one listener throwing does not stop the others. */
  emit(value: T): void {
    for (const listener of this.set) {
      try {
        listener(value);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}
