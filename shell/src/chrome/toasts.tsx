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
      <Toaster
        toasterId={toasterId}
        limit={1}
        position="bottom-end"
        shortcuts={{ focus: (e) => e.key === 'F8' }}
      />
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  return useContext(ToastContext);
}
