import { Component, type ReactNode } from 'react';
import { ErrorState } from '@medrelay/ui';

const reloadedKey = 'medrelay:reloaded-for-chunk';

interface Props {
  title: string;
  body: string;
  children: ReactNode;
}

/**
 * Never a white page: a screen that fails to render, or a chunk that is gone after a redeploy
 * (a tab left open), shows a message with a reload. A missing chunk reloads once by itself.
 */
export class ShellErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error) {
    const chunkGone =
      error.name === 'ChunkLoadError' || /Loading chunk|Failed to fetch dynamically/.test(error.message);
    if (chunkGone && !sessionStorage.getItem(reloadedKey)) {
      sessionStorage.setItem(reloadedKey, '1');
      location.reload();
    }
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <ErrorState title={this.props.title} body={this.props.body} onRetry={() => location.reload()} />;
  }
}
