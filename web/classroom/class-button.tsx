import { lazy, Suspense } from 'react';
import { useStore } from '../state/store.ts';
import { useClassState } from './class-store.ts';

// The class panel's code loads only on pages that belong to a class: most visits never show it.
const ClassPanelButton = lazy(() => import('./class-panel.tsx').then((m) => ({ default: m.ClassButton })));

/** The toolbar's **Class** button, on pages opened from a class server's join address (or after joining one). */
export function ClassButton() {
  const { classStore } = useClassState();
  const available = useStore(classStore, (s) => s.available);
  if (!available) return null;
  return (
    <Suspense fallback={null}>
      <ClassPanelButton />
    </Suspense>
  );
}
