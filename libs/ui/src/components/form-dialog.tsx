import type { FormEvent, ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // Fluent gives the buttons only the last half of a wide dialog, where two-word labels wrap.
  actions: { gridColumnStart: 1, justifyContent: 'flex-end' },
});

/** An open dialog holding a small form: its fields, Cancel, and the submit button. */
export function FormDialog({
  title,
  submitLabel,
  cancelLabel,
  busy,
  submitDisabled,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  submitLabel: string;
  /** What closing without submitting means here ("Keep my account"); "Cancel" by default. */
  cancelLabel?: string;
  busy?: boolean;
  /** The submit waits for what it cannot do without (a password), besides waiting while busy. */
  submitDisabled?: boolean;
  /** Called with the form's submit (Enter in a field, or the button); the default is prevented. */
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog
      open
      onOpenChange={(_, data) => {
        if (!data.open) onClose();
      }}
    >
      <DialogSurface>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={styles.content}>{children}</DialogContent>
            <DialogActions className={styles.actions}>
              <Button appearance="secondary" onClick={onClose}>
                {cancelLabel ?? t('actions.cancel')}
              </Button>
              <Button appearance="primary" type="submit" disabled={busy || submitDisabled}>
                {submitLabel}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
