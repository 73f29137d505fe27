/**
 * A run refused because the code waits for the learner's consent (shared code not yet chosen): a normal
 * state, not a failure, so the status line shows it neutrally.
 */
export class RunHeldError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunHeldError';
  }
}
