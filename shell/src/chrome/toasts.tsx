import {
  Component,
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useState,
  type ReactNode,
} from 'react';
import type { ShowToast } from '@medrelay/ui';
import type { ToastRequest } from './toaster';
import { withFocusManagement } from './with-focus-management';

const ToastContext = createContext<ShowToast>(() => undefined);

// Fluent's toaster (with its motion and focus code) is fetched with the first toast, so the
// landing page, which shows none, does not download it.
const Toaster = lazy(withFocusManagement(() => import('./toaster')));

/** A toaster that cannot be fetched (offline) must not take the page down with it. */
class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

let lastKey = 0;

/** Spec §8/§9: one toast at a time, 5 s, default or destructive; F8 focuses the toast region. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastRequest | null>(null);
  const show = useCallback<ShowToast>((request) => setToast({ ...request, key: ++lastKey }), []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {toast && (
        <QuietBoundary>
          <Suspense fallback={null}>
            <Toaster toast={toast} />
          </Suspense>
        </QuietBoundary>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  return useContext(ToastContext);
}
