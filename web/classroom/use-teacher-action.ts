import { useState } from 'react';

/** A teacher's action on the class, and what its failure said: `act` runs one, clearing the last failure first. */
export function useTeacherAction(): { problem: string | null; act: (action: Promise<void>) => void } {
  const [problem, setProblem] = useState<string | null>(null);
  const act = (action: Promise<void>) => {
    setProblem(null);
    void action.catch((error: Error) => setProblem(error.message));
  };
  return { problem, act };
}
