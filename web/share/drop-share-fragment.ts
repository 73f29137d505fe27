import { shareValueFromHash } from './link/share-fragment.ts';

/**
 * Removes the link's `share=…` from the address once the learner chose what to do with its code, so
 * that a reload opens their choice instead of the link's gate again (other fragment flags, such as
 * `embed`, stay). Replaces the entry: no history step and no hashchange, which would open the link again.
 */
export function dropShareFragment(): void {
  if (shareValueFromHash(location.hash) === null) return;
  const rest = location.hash
    .replace(/^#/, '')
    .split('&')
    .filter((part) => !part.startsWith('share='))
    .join('&');
  history.replaceState(history.state, '', `${location.pathname}${location.search}${rest ? `#${rest}` : ''}`);
}
