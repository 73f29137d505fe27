/** The snippet's style sheet, inside its shadow root: the host page's styles neither reach it nor are reached. */
export const SNIPPET_CSS = `
:host { display: block; margin: 0.5rem 0 1.25rem; font: 14px/1.45 system-ui, sans-serif; }
:host([hidden]) { display: none; }
[hidden] { display: none !important; }
.snippet { --bg: #fff; --fg: #1e293b; --muted: #64748b; --line: #cbd5e1; --panel: #f1f5f9; --accent: #1d4ed8; --ok: #15803d; --bad: #b91c1c;
  --keyword: #7c3aed; --string: #0f766e; --number: #b45309; --comment: #64748b;
  color: var(--fg); background: var(--bg); border: 1px solid var(--line); border-radius: 6px; overflow: hidden; }
.snippet.dark { --bg: #0f172a; --fg: #e2e8f0; --muted: #94a3b8; --line: #334155; --panel: #1e293b; --accent: #93c5fd; --ok: #4ade80; --bad: #f87171;
  --keyword: #c4b5fd; --string: #5eead4; --number: #fcd34d; --comment: #94a3b8; }
.keyword { color: var(--keyword); } .string { color: var(--string); } .number { color: var(--number); } .comment { color: var(--comment); font-style: italic; }
.files { display: flex; flex-wrap: wrap; gap: 2px; background: var(--panel); border-bottom: 1px solid var(--line); }
.files button { border: 0; background: none; color: var(--muted); padding: 4px 10px; font: inherit; cursor: pointer; }
.files button[aria-selected="true"] { color: var(--fg); background: var(--bg); }
.code { position: relative; overflow: auto; max-height: var(--code-height, 28rem); }
pre, textarea { margin: 0; padding: 10px 12px; font: 13px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; tab-size: 2; white-space: pre; }
.code pre { min-height: 100%; box-sizing: border-box; }
.code textarea { position: absolute; inset: 0; width: 100%; height: 100%; box-sizing: border-box; resize: none; border: 0; background: transparent;
  color: transparent; caret-color: var(--fg); overflow: hidden; outline: none; }
.code:focus-within { box-shadow: inset 0 0 0 2px var(--accent); }
.bar { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; padding: 6px 8px; background: var(--panel); border-top: 1px solid var(--line); }
.bar button, .bar select { font: inherit; min-height: 32px; border-radius: 4px; }
.bar button { border: 1px solid var(--accent); background: var(--accent); color: var(--bg); padding: 2px 14px; font-weight: 600; cursor: pointer; }
.bar button:disabled { opacity: 0.6; cursor: progress; }
.bar button.stop { background: var(--bg); color: var(--bad); border-color: var(--bad); }
.note { margin: 0; padding: 4px 12px 6px; border-top: 1px solid var(--line); color: var(--muted); font-size: 12px; }
.bar select { border: 1px solid var(--line); background: var(--bg); color: var(--fg); max-width: 100%; }
.bar code { font: 13px ui-monospace, monospace; overflow-wrap: anywhere; }
.state { color: var(--muted); flex: 1 1 8rem; }
button:focus-visible, select:focus-visible, summary:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.out { border-top: 1px solid var(--line); }
.out:empty, .checks:empty { display: none; }
.status { padding: 6px 12px 0; font-weight: 600; }
.status.ok { color: var(--ok); } .status.bad { color: var(--bad); }
.out pre { max-height: 20rem; overflow: auto; white-space: pre-wrap; overflow-wrap: anywhere; }
.out iframe { width: 100%; height: 14rem; border: 0; background: #fff; }
details { padding: 0 12px 6px; } summary { cursor: pointer; color: var(--muted); }
details pre { padding: 4px 0; }
.checks { list-style: none; margin: 0; padding: 6px 12px; border-top: 1px solid var(--line); }
.checks li.passed::before { content: "✓ "; color: var(--ok); } .checks li.failed::before { content: "✗ "; color: var(--bad); }
.checks small { display: block; color: var(--muted); white-space: pre-wrap; }
@media (pointer: coarse) { .bar button, .bar select, .files button { min-height: 40px; } }
`;
