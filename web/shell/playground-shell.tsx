import { lazy, Suspense, type ReactNode } from 'react';
import { SharedCodeBanner } from '../share/shared-code-banner.tsx';
import { isEmbedUrl } from '../modes/embed-flag.ts';
import { PlaygroundKeys } from '../modes/playground-keys.tsx';
import { OfflineStatus } from '../modes/offline-status.tsx';
import { ConfirmHost } from '../layout/confirm-dialog.tsx';
import { SkipLinks } from './skip-links.tsx';

// Only pages opened with `?embed` show it.
const EmbedApp = lazy(() => import('../modes/embed-app.tsx').then((m) => ({ default: m.EmbedApp })));

/** Around the playground: update and shared-code banners, the keyboard layer and the confirm dialog; or, with `?embed`, the embed instead. */
export function PlaygroundShell({ children }: { children: ReactNode }) {
  if (isEmbedUrl(location.href)) {
    return (
      <Suspense fallback={null}>
        <EmbedApp />
      </Suspense>
    );
  }
  return (
    <div className="flex h-full flex-col">
      {/* First in the page, before any banner: the first Tab reaches them. */}
      <SkipLinks />
      <OfflineStatus />
      <SharedCodeBanner />
      <div className="min-h-0 flex-1">{children}</div>
      <PlaygroundKeys />
      <ConfirmHost />
    </div>
  );
}
