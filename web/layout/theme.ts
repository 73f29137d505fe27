import { useEffect, useSyncExternalStore } from 'react';
import { useLayout } from '../state/layout-store.ts';
import { useStore } from '../state/store.ts';

const darkQuery = () => globalThis.matchMedia?.('(prefers-color-scheme: dark)');

function subscribeSystem(listener: () => void): () => void {
  const query = darkQuery();
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
}

/** The theme in effect: the learner's choice, or the system's when they chose "system". */
export function useResolvedTheme(): 'light' | 'dark' {
  const { layoutStore } = useLayout();
  const choice = useStore(layoutStore, (s) => s.theme);
  const systemDark = useSyncExternalStore(subscribeSystem, () => darkQuery()?.matches ?? false);
  return choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;
}

/** Applies the resolved theme and text size to the document root (Tailwind's `dark:` variant). */
export function useApplyTheme(): void {
  const { layoutStore } = useLayout();
  const theme = useResolvedTheme();
  const largeText = useStore(layoutStore, (s) => s.largeText);
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', theme === 'dark');
    root.style.colorScheme = theme;
    root.style.fontSize = largeText ? '125%' : '';
  }, [theme, largeText]);
}
