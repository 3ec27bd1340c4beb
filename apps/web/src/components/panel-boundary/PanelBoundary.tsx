// Keeps a failing panel from taking the page down (STYLE: each panel has its own error boundary):
// the panel is replaced by a short notice and a retry; the rest of the screen keeps working.
import { Component, type ReactNode } from 'react';

interface Props {
  readonly fallback: (retry: () => void) => ReactNode;
  readonly children: ReactNode;
}

export class PanelBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('A panel failed to render', error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}
