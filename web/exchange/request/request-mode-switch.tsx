import type { RequestSpec } from './request-model.ts';
import { useRequest } from './request-store.ts';

/** The HTTP / WebSocket choice of the request panel. */
export function RequestModeSwitch({ mode }: { mode: RequestSpec['mode'] }) {
  const { updateSpec } = useRequest();
  return (
    <fieldset className="flex shrink-0 gap-3 px-2 text-sm">
      <legend className="sr-only">Request mode</legend>
      {(['http', 'websocket'] as const).map((choice) => (
        <label key={choice} className="flex items-center gap-1">
          <input type="radio" name="request-mode" value={choice} checked={mode === choice} onChange={() => updateSpec({ mode: choice })} />
          {choice === 'http' ? 'HTTP' : 'WebSocket'}
        </label>
      ))}
    </fieldset>
  );
}
