import { useState } from 'react';
import { useExerciseDraft } from './draft-store.ts';

/**
 * The exercise's checks as JSON in the lesson check format, validated against its schema as you type;
 * each valid edit is applied at once, an invalid one says what is wrong and changes nothing.
 */
export function ChecksJsonEditor() {
  const { draftStore, setChecksJson } = useExerciseDraft();
  const [text, setText] = useState(() =>
    JSON.stringify(
      draftStore.get().checks.map((c) => c.check),
      null,
      2,
    ),
  );
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-1">
      <textarea
        className="field h-64 font-mono text-xs"
        aria-label="Checks as JSON"
        aria-invalid={problem !== null}
        aria-describedby="checks-json-state"
        spellCheck={false}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setProblem(setChecksJson(e.target.value));
        }}
      />
      <p id="checks-json-state" role="status" className={`text-xs ${problem ? 'text-red-800 dark:text-red-300' : ''}`}>
        {problem ?? 'Valid checks: applied.'}
      </p>
    </div>
  );
}
