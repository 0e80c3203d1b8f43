import { Component, lazy, Suspense, type ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';

const reloadedKey = 'medrelay:reloaded-for-chunk';

const ErrorPanel = lazy(() => import('./error-panel'));

interface Props {
  title: string;
  body: string;
  /** The retry button's text. */
  retry: string;
  children: ReactNode;
}

const usePlainStyles = makeStyles({
  root: {
    margin: tokens.spacingVerticalL,
    display: 'grid',
    gap: tokens.spacingVerticalS,
    justifyItems: 'start',
  },
});

/** The same words with a plain button, when even the panel's chunk cannot be fetched (offline, a redeploy). */
function PlainError({ title, body, retry }: Omit<Props, 'children'>) {
  const styles = usePlainStyles();
  return (
    <div role="alert" className={styles.root}>
      <strong>{title}</strong>
      <span>{body}</span>
      <button type="button" onClick={() => location.reload()}>
        {retry}
      </button>
    </div>
  );
}

/** Shows `fallback` instead of children that failed (the panel's chunk could not be loaded). */
class PanelBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
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
    const { title, body, retry } = this.props;
    return (
      <PanelBoundary fallback={<PlainError title={title} body={body} retry={retry} />}>
        <Suspense fallback={null}>
          <ErrorPanel title={title} body={body} onRetry={() => location.reload()} />
        </Suspense>
      </PanelBoundary>
    );
  }
}
