/**
 * embed.js: the one script a page loads to get `<halo-snippet>` elements (built into the site's root by
 * runtime/build/embed-script-plugin.ts, one self-contained file). It finds the snippet frame next to itself:
 * `web/embed/frame.html` of the same build. `window.Halo.snippet(element)` hands an author the snippet's API.
 */
import { HaloSnippet } from './snippet-element.ts';

/** Where this script was loaded from (a classic script; a module would have no currentScript). */
const scriptUrl =
  (document.currentScript as HTMLScriptElement | null)?.src ??
  [...document.querySelectorAll<HTMLScriptElement>('script[src]')].find((script) => /\/embed\.js(\?|$)/.test(script.src))?.src ??
  location.href;

HaloSnippet.frameUrl = new URL('web/embed/frame.html', scriptUrl);
if (!customElements.get('halo-snippet')) customElements.define('halo-snippet', HaloSnippet);

/** The page's handle on its snippets. */
const Halo = {
  /** The snippet API of `element` (a `<halo-snippet>`), or null when it is not one. */
  snippet: (element: Element | null): HaloSnippet | null => (element instanceof HaloSnippet ? element : null),
};
declare global {
  interface Window {
    /** The page's handle on its `<halo-snippet>` elements (embed.js). */
    Halo: typeof Halo;
  }
}
window.Halo = Halo;
