import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { Toast, ToastBody, Toaster, ToastTitle, useId, useToastController } from '@fluentui/react-components';
import type { ShowToast } from '@medrelay/ui';

const ToastContext = createContext<ShowToast>(() => undefined);

/** Spec §8/§9: one toast at a time, 5 s, default or destructive; F8 focuses the toast region. */
export const toastTimeoutMs = 5000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const toasterId = useId('toaster');
  const { dispatchToast, dismissAllToasts } = useToastController(toasterId);
  const show = useCallback<ShowToast>(
    ({ title, description, intent = 'default' }) => {
      // One at a time: the previous toast leaves as the new one arrives. (Fluent's `limit` would
      // queue the new one behind the leaving one instead, and could hold it back.)
      dismissAllToasts();
      dispatchToast(
        <Toast data-testid="toast" data-intent={intent}>
          <ToastTitle>{title}</ToastTitle>
          {description && <ToastBody>{description}</ToastBody>}
        </Toast>,
        {
          intent: intent === 'destructive' ? 'error' : 'success',
          timeout: toastTimeoutMs,
          politeness: intent === 'destructive' ? 'assertive' : 'polite',
        },
      );
    },
    [dispatchToast, dismissAllToasts],
  );
  return (
    <ToastContext.Provider value={show}>
      {children}
      <Toaster toasterId={toasterId} position="bottom-end" shortcuts={{ focus: (e) => e.key === 'F8' }} />
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  return useContext(ToastContext);
}
