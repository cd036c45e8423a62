import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen.tsx';

interface Props {
  children: ReactNode;
  /**
   * What the wrapped screen is (its path): when it changes, a failure shown for the previous one
   * is cleared and the new one is tried — without remounting what is inside when nothing failed.
   */
  resetKey?: string;
}

interface State {
  failed: boolean;
  /** The `resetKey` the state belongs to. */
  resetKey: string | undefined;
}

/**
 * Catches what a screen throws while rendering — a lazy chunk that failed to download, content
 * that failed to load — and shows a translated "something went wrong — reload" screen instead of
 * a blank app.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // Moving to another screen clears the failure of the one before.
    if (props.resetKey !== state.resetKey) return { resetKey: props.resetKey, failed: false };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A screen failed to render:', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
