import { useMemo } from 'react';
import { useStore } from '../state/store.ts';
import { useFiles } from '../state/files-store.ts';
import { programRoutes } from './program-routes.ts';

/** Notes on the program in the editor (its routes, whichever template it came from) and the keyboard shortcuts. */
export function ScratchNotes() {
  const { filesStore } = useFiles();
  const files = useStore(filesStore, (s) => s.files);
  // Routes may be declared in any of the program's files.
  const routes = useMemo(() => programRoutes(Object.values(files).join('\n')), [files]);
  return (
    <section tabIndex={-1} data-lesson-start aria-label="Free playground notes" className="flex flex-col gap-3 p-3 text-sm leading-relaxed">
      <p>
        The editor holds a complete Halo program. It compiles as you type and runs in your browser; the program's{' '}
        <code>startServer</code> gives it an address such as <code>http://localhost:3000</code>.
      </p>
      {routes.length > 0 ? (
        <>
          <p>This program answers:</p>
          <ul className="list-disc pl-5" aria-label="Routes of this program">
            {routes.map((route, i) => (
              <li key={i}>
                <code>{route}</code>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>This program declares no routes yet.</p>
      )}
      <p>Try it:</p>
      <ul className="list-disc pl-5">
        <li>Send a request to each route; add a header row and send again.</li>
        <li>Break the code on purpose: the last good program keeps answering.</li>
      </ul>
      <h3 className="font-semibold">Keyboard</h3>
      <ul className="list-disc pl-5">
        <li>Ctrl/Cmd+Enter in the editor compiles and runs now.</li>
        <li>Ctrl/Cmd+Enter in the request panel sends.</li>
        <li>
          Ctrl+M switches the editor's Tab key between indenting and moving focus (press it to leave the editor with Tab).
        </li>
        <li>Arrow keys move a focused pane divider.</li>
      </ul>
    </section>
  );
}
