import { useEffect } from 'react';
import { Toast, ToastBody, Toaster, ToastTitle, useId, useToastController } from '@fluentui/react-components';
import type { ToastMessage } from '@medrelay/ui';

/** Spec §8/§9: a toast stays 5 s. */
const toastTimeoutMs = 5000;

/** One toast asked for; `key` tells a repeat of the same words from the previous toast. */
export type ToastRequest = ToastMessage & { key: number };

/**
 * Fluent's toaster, loaded with the first toast and kept mounted. Shows `toast` each time it
 * changes: one at a time, the previous one leaves as the new one arrives. (Fluent's `limit`
 * would queue the new one behind the leaving one instead, and could hold it back.)
 */
export default function ShellToaster({ toast }: { toast: ToastRequest }) {
  const toasterId = useId('toaster');
  const { dispatchToast, dismissAllToasts } = useToastController(toasterId);
  // Runs after the Toaster below has subscribed (children's effects run first).
  useEffect(() => {
    const { title, description, intent = 'default' } = toast;
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
  }, [toast, dispatchToast, dismissAllToasts]);
  return <Toaster toasterId={toasterId} position="bottom-end" shortcuts={{ focus: (e) => e.key === 'F8' }} />;
}
