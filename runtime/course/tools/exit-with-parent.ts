/**
 * `node --import runtime/course/tools/exit-with-parent.ts program.ts`, for programs that serveProgram starts: the
 * parent holds the other end of the program's stdin, so when the parent goes (killed, crashed) stdin ends and
 * the program exits too, instead of serving on with nobody left to stop it (an orphan once spun a core for two hours).
 */
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
// Waiting for the parent must not keep alive a program that has nothing else to do.
process.stdin.unref();
