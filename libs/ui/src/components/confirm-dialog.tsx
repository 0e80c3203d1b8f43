import type { ReactElement } from 'react';
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

/** Asks before an action that cannot simply be undone (unlisting, rejecting, cancelling, collecting). */
export function ConfirmDialog({
  trigger,
  title,
  body,
  confirmLabel,
  dismissLabel,
  onConfirm,
}: {
  trigger: ReactElement;
  title: string;
  body?: string;
  confirmLabel: string;
  /** The way out, when "Cancel" would be ambiguous (cancelling a request). */
  dismissLabel?: string;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Dialog>
      <DialogTrigger disableButtonEnhancement>{trigger}</DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          {body && <DialogContent>{body}</DialogContent>}
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="secondary">{dismissLabel ?? t('actions.cancel')}</Button>
            </DialogTrigger>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="primary" onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </DialogTrigger>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
