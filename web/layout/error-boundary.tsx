import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Names the pane in the message, e.g. "Response". */
  name: string;
  children: ReactNode;
}

/** Keeps a failure inside one pane: the rest of the playground (and the learner's code) stays usable. */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`${this.props.name} pane failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="m-3 rounded border border-red-700 p-3 text-sm dark:border-red-400">
        <p className="font-semibold">The {this.props.name} pane hit an error.</p>
        <p className="mt-1 font-mono text-xs">{this.state.error.message}</p>
        <button type="button" className="btn mt-2" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </div>
    );
  }
}
