/** Notes on the example program and the keyboard shortcuts, shown in the free playground. */
export function ScratchNotes() {
  return (
    <section tabIndex={-1} data-lesson-start aria-label="Free playground notes" className="flex flex-col gap-3 p-3 text-sm leading-relaxed">
      <p>
        The editor holds a complete Halo program. It compiles as you type and runs in your browser; the program's{' '}
        <code>startServer</code> gives it an address such as <code>http://localhost:3000</code>.
      </p>
      <p>Try it:</p>
      <ul className="list-disc pl-5">
        <li>
          Send <code>GET /</code> and <code>GET /headers</code>; add a header row and send again.
        </li>
        <li>
          Send <code>POST /greet</code> with a body field <code>name</code>, then without it.
        </li>
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
