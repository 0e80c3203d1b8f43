import { useState, type ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  makeStyles,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(480px, calc(100vw - 24px))' },
});

/**
 * A button that opens a dialog to read something about a request; the content mounts only while
 * the dialog is open, so it loads when asked for. Its accessible name carries the medicine's.
 */
export function ReadDialogButton({
  label,
  title,
  name,
  appearance,
  children,
}: {
  label: string;
  title: string;
  name: string;
  appearance?: 'subtle' | 'primary';
  children: () => ReactNode;
}) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(_, data) => setOpen(data.open)}>
      <DialogTrigger disableButtonEnhancement>
        <Button appearance={appearance} aria-label={`${label}: ${name}`}>
          {label}
        </Button>
      </DialogTrigger>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{open && children()}</DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="secondary">{t('handover.close')}</Button>
            </DialogTrigger>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
