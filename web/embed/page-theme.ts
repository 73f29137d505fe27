/** Whether the page looks dark: a `dark` class or data-theme on `<html>` or `<body>` (VitePress, Docusaurus, Tailwind, Bootstrap), else the reader's setting. */
function pageIsDark(): boolean {
  const marks = [document.documentElement, document.body].flatMap((node) =>
    node ? [node.className, node.getAttribute('data-theme') ?? '', node.getAttribute('data-bs-theme') ?? ''] : [],
  );
  const words = marks.join(' ');
  if (/\bdark\b/.test(words)) return true;
  if (/\blight\b/.test(words)) return false;
  return matchMedia('(prefers-color-scheme: dark)').matches;
}

/**
 * Calls `apply` with whether the snippet is dark — `theme()` is its `theme` attribute: `light`, `dark`, or
 * anything else to follow the page — now and whenever the page's theme changes; returns the stop function.
 */
export function watchPageTheme(theme: () => string | null, apply: (dark: boolean) => void): () => void {
  const update = () => {
    const chosen = theme();
    apply(chosen === 'dark' || (chosen !== 'light' && pageIsDark()));
  };
  update();
  const observer = new MutationObserver(update);
  for (const node of [document.documentElement, document.body]) {
    if (node) observer.observe(node, { attributes: true, attributeFilter: ['class', 'data-theme', 'data-bs-theme'] });
  }
  const media = matchMedia('(prefers-color-scheme: dark)');
  media.addEventListener('change', update);
  return () => {
    observer.disconnect();
    media.removeEventListener('change', update);
  };
}
