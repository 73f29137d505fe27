import { useEffect } from 'react';
import { useStore } from '../state/store.ts';
import { useModes } from './mode-store.ts';
import './modes.css';

/** Marks the document while presentation mode is on, so secondary chrome hides (modes.css). */
export function usePresentationClass(): boolean {
  const { modeStore } = useModes();
  const presentation = useStore(modeStore, (s) => s.presentation);
  useEffect(() => {
    document.documentElement.classList.toggle('presentation', presentation);
  }, [presentation]);
  return presentation;
}
