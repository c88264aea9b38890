import './ui.css';
import { Component, type ErrorInfo, type ReactNode } from 'react';

/** SPEC §2/§8 render-failure fallback; `what` names what could not load. */
export function RenderFailure({ onRetry, what }: { onRetry?: () => void; what?: string }) {
  return (
    <div role="alert" className="pm-render-failure">
      <strong>Something went wrong</strong>
      <p>The component failed to render</p>
      {what && <p className="pm-render-failure__what">{what}</p>}
      {onRetry && (
        <button type="button" className="pm-button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** Renders instead of the children after a failure; defaults to RenderFailure. */
  fallback?: (reset: () => void) => ReactNode;
  name?: string;
}

export class ErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[${this.props.name ?? 'component'}] render failed`, error, info.componentStack);
  }

  reset = () => this.setState({ failed: false });

  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback ? this.props.fallback(this.reset) : <RenderFailure onRetry={this.reset} />;
  }
}
