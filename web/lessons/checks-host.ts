/** One lesson round on the checks' host: what stops it, and the storage scope its copy of the program runs in. */
export interface LessonRound {
  controller: AbortController;
  storageScope: string;
}

/** The checks' host, shared by lesson rounds and work that borrows it. */
export type ChecksHost = ReturnType<typeof createChecksHost>;

/**
 * Creates the turns on the checks' host, which runs one copy of a program at a time: the open lesson's rounds, and
 * work that borrows it (the exercise maker's replays and proofs).
 */
export function createChecksHost() {
  let rounds = 0;
  /** The lesson round running, to stop when the checks' host is borrowed. */
  let roundController: AbortController | null = null;
  /** Work (a maker's replay or proof) holding the checks' host: rounds wait for it. */
  let borrowed: Promise<unknown> | null = null;
  /** Runs the connected lesson's checks; null while none is connected. */
  let runConnected: (() => void) | null = null;

  /**
   * Runs `work` on the checks' host with no lesson round beside it (the host runs one copy at a time): a round
   * running is stopped, and one wanted meanwhile runs once the work is done. For the exercise maker's replays
   * and proofs, which never touch the learner's (the teacher's) running program.
   */
  async function borrow<T>(work: () => Promise<T>): Promise<T> {
    while (borrowed) await borrowed.catch(() => undefined);
    roundController?.abort();
    const running = work();
    borrowed = running;
    try {
      return await running;
    } finally {
      borrowed = null;
      runConnected?.();
    }
  }

  return {
    borrow,
    /** Whether work holds the host: a round wanted meanwhile runs when it is done. */
    isBorrowed: (): boolean => borrowed !== null,
    /** Starts a lesson round, which borrowing work stops. */
    startRound(): LessonRound {
      roundController = new AbortController();
      // Each round its own check scope: a fresh start of the program and of its databases.
      return { controller: roundController, storageScope: `checks-${(rounds += 1)}` };
    },
    /** Makes `run` what runs the lesson's checks (now, or after borrowed work); returns what undoes it. */
    connect(run: () => void): () => void {
      runConnected = run;
      return () => {
        if (runConnected === run) runConnected = null;
      };
    },
    /** Runs the connected lesson's checks now, if one is connected. */
    runNow: (): void => runConnected?.(),
  };
}
