import { TraceView } from '../response/trace-view.tsx';
import { useGoToLine } from '../use-go-to-line.ts';
import { useExchangeSlots } from '../exchange-slots.tsx';
import type { SocketLogLine } from './panel-socket.ts';

const ARROW: Record<SocketLogLine['kind'], string> = { in: '←', out: '→', info: '•', error: '!', trace: '≡' };
const LINE_STYLE: Record<SocketLogLine['kind'], string> = {
  in: 'text-slate-900 dark:text-slate-100',
  out: 'text-blue-800 dark:text-blue-300',
  info: 'text-slate-600 italic dark:text-slate-400',
  error: 'text-red-800 dark:text-red-300',
  trace: 'text-slate-700 dark:text-slate-300',
};

/** `12:03:04.512`: messages often come within the same second. */
function clock(time: number): string {
  const date = new Date(time);
  return `${date.toLocaleTimeString([], { hour12: false })}.${String(date.getMilliseconds()).padStart(3, '0')}`;
}

/** The live log of connection `name`: one timestamped row per message, a traced one folding out its trace. */
export function SocketLog({ name, log }: { name: string; log: readonly SocketLogLine[] }) {
  const editor = useGoToLine();
  const { SocketLineAction } = useExchangeSlots();
  return (
    <ol
      // The log takes the panel's remaining height: it is what a learner reads in this mode.
      className="min-h-24 flex-1 overflow-auto rounded border border-slate-300 p-1 font-mono text-xs dark:border-slate-700"
      aria-label={`Log of ${name}`}
      aria-live="polite"
    >
      {log.map((line, i) => (
        // One row per message, as in a terminal: the log scrolls sideways for long ones, so many fit in view.
        <li key={i} className={`whitespace-pre ${LINE_STYLE[line.kind]}`} data-kind={line.kind}>
          {line.trace ? (
            <details>
              <summary>
                <span className="text-slate-500">{clock(line.time)}</span> <span aria-hidden="true">{ARROW[line.kind]}</span> {line.text}
              </summary>
              <div className="whitespace-normal">
                <TraceView trace={line.trace} editor={editor} />
              </div>
            </details>
          ) : (
            <>
              <span className="text-slate-500">{clock(line.time)}</span> <span aria-hidden="true">{ARROW[line.kind]}</span> {line.text}
              {SocketLineAction && line.kind === 'in' && <SocketLineAction connection={name} index={i} />}
            </>
          )}
        </li>
      ))}
    </ol>
  );
}
