import type { ReactElement, ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/**
 * Asks before an action that cannot simply be undone (unlisting, rejecting, cancelling, collecting).
 * Opened by its `trigger`, or, without one, by `open` (with `onOpenChange`): for a question asked
 * only once something is known, such as what a recall would reach.
 */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  body,
  confirmLabel,
  dismissLabel,
  confirmDisabled = false,
  onConfirm,
}: {
  trigger?: ReactElement;
  /** Opens it without a trigger; it closes itself on either answer through `onOpenChange`. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  body?: ReactNode;
  confirmLabel: string;
  /** The way out, when "Cancel" would be ambiguous (cancelling a request). */
  dismissLabel?: string;
  /** The answer is not complete yet (a reason to choose in the body): confirming waits for it. */
  confirmDisabled?: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('common');
  const controlled =
    open === undefined
      ? {}
      : { open, onOpenChange: (_: unknown, data: { open: boolean }) => onOpenChange?.(data.open) };
  const surface = (
    <DialogSurface>
      <DialogBody>
        <DialogTitle>{title}</DialogTitle>
        {body && <DialogContent>{body}</DialogContent>}
        <DialogActions>
          <DialogTrigger disableButtonEnhancement>
            <Button appearance="secondary">{dismissLabel ?? t('actions.cancel')}</Button>
          </DialogTrigger>
          <DialogTrigger disableButtonEnhancement>
            <Button appearance="primary" disabled={confirmDisabled} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </DialogTrigger>
        </DialogActions>
      </DialogBody>
    </DialogSurface>
  );
  return trigger ? (
    <Dialog {...controlled}>
      <DialogTrigger disableButtonEnhancement>{trigger}</DialogTrigger>
      {surface}
    </Dialog>
  ) : (
    <Dialog {...controlled}>{surface}</Dialog>
  );
}
