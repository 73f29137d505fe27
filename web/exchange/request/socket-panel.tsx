import { useState } from 'react';
import { useStore } from '../../state/store.ts';
import { useEngine } from '../../engine/engine-context.tsx';
import { parseJson } from '../response/format.ts';
import { panelSockets, type PanelSocket } from './panel-socket.ts';
import type { RequestSpec } from './request-model.ts';
import { useRequest } from './request-store.ts';
import { SocketLog } from './socket-log.tsx';

/** One connection: connect/disconnect, a message editor, and its live log. */
function Connection({
  name,
  socket,
  url,
  message,
  onMessage,
}: {
  name: string;
  socket: PanelSocket;
  url: string;
  message: string;
  onMessage: (text: string) => void;
}) {
  const view = useStore(socket.store, (v) => v);
  const invalid = message.trim() !== '' && parseJson(message) === undefined;
  return (
    <section className="flex min-h-0 min-w-48 flex-1 flex-col gap-1" aria-label={`Connection ${name}`}>
      <div className="flex items-center gap-1">
        <strong className="text-sm">{name}</strong>
        <span className="text-xs" role="status" aria-label={`Connection ${name} status`}>
          {view.status}
        </span>
        {view.status === 'closed' ? (
          <button type="button" className="btn" onClick={() => void socket.connect(url)}>
            Connect
          </button>
        ) : (
          <button type="button" className="btn-ghost" onClick={() => socket.disconnect()}>
            Disconnect
          </button>
        )}
        <button type="button" className="btn-ghost" onClick={() => socket.clear()}>
          Clear
        </button>
      </div>
      <textarea
        className="field h-20 font-mono text-xs"
        aria-label={`Message for ${name}`}
        spellCheck={false}
        value={message}
        onChange={(e) => onMessage(e.target.value)}
      />
      {invalid && <p className="text-xs text-amber-800 dark:text-amber-300">This is not valid JSON; it is sent as typed.</p>}
      <button type="button" className="btn self-start" disabled={view.status !== 'open'} onClick={() => socket.send(message)}>
        Send on {name}
      </button>
      <SocketLog name={name} log={view.log} />
    </section>
  );
}

/** The request panel's WebSocket mode: a path on the program's origin and two connections side by side. */
export function SocketPanel({ spec, origin }: { spec: RequestSpec; origin: string }) {
  const { updateSpec } = useRequest();
  const engine = useEngine();
  const [a, b] = panelSockets(engine);
  const [second, setSecond] = useState(spec.socketMessage);
  const url = new URL(spec.socketPath.startsWith('/') ? spec.socketPath : `/${spec.socketPath}`, origin.replace(/^http/, 'ws')).href;
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2 overflow-auto p-2">
      <label className="flex items-center gap-1 text-sm">
        <span className="font-mono text-xs">{origin.replace(/^http/, 'ws')}</span>
        <input
          className="field min-w-24 flex-1 font-mono"
          aria-label="WebSocket path"
          value={spec.socketPath}
          onChange={(e) => updateSpec({ socketPath: e.target.value })}
        />
      </label>
      <p className="text-xs text-slate-700 dark:text-slate-300">
        Send <code>{'{ "id": 1, "call": "<service>.<method>", "record": …, "data": …, "query": … }'}</code>; every connection hears
        <code> {'{ "event": "<service> created", "data": … }'}</code>. Connections reconnect by themselves when the program restarts.
      </p>
      <div className="flex min-h-0 flex-1 flex-wrap gap-2">
        <Connection
          name="A"
          socket={a}
          url={url}
          message={spec.socketMessage}
          onMessage={(socketMessage) => updateSpec({ socketMessage })}
        />
        <Connection name="B" socket={b} url={url} message={second} onMessage={setSecond} />
      </div>
    </div>
  );
}
