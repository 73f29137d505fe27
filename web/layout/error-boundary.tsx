import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError, reloadForChunk } from './chunk-reload.ts';

interface Props {
  /** Names the pane in the message, e.g. "Response". */
  name: string;
  /** Never reload the page by itself on a failed chunk: an embed keeps its edits in memory only. */
  keepPage?: boolean;
  children: ReactNode;
}

interface State {
  error: Error | null;
  /** The page is reloading to load a failed chunk again. */
  reloading: boolean;
}

/** Keeps a failure inside one pane: the rest of the playground (and the learner's code) stays usable. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, reloading: false };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`${this.props.name} pane failed`, error, info.componentStack);
    if (!this.props.keepPage && isChunkLoadError(error) && reloadForChunk()) this.setState({ reloading: true });
  }

  override render() {
    const { error, reloading } = this.state;
    if (!error) return this.props.children;
    if (reloading) return <p className="m-3 text-sm">Loading the {this.props.name} pane again…</p>;
    // A chunk that failed stays failed until the page reloads: "Try again" would fail at once.
    const chunk = isChunkLoadError(error);
    return (
      <div role="alert" className="m-3 rounded border border-red-700 p-3 text-sm dark:border-red-400">
        <p className="font-semibold">The {this.props.name} pane hit an error.</p>
        <p className="mt-1 font-mono text-xs">{error.message}</p>
        <button type="button" className="btn mt-2" onClick={() => (chunk ? location.reload() : this.setState({ error: null }))}>
          {chunk ? 'Reload the page' : 'Try again'}
        </button>
      </div>
    );
  }
}
