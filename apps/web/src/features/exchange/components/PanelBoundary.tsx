// Keeps a failing panel from taking the screen down (STYLE: each panel has its own error boundary):
// a chart that fails never stops order entry. The panel is replaced by a notice with a retry.
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
    console.error('An exchange panel failed to render', error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}
