import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@fluentui/react-components';
import type { RequestDialogProps } from './request-dialog';

// The dialog loads on the first click: lists with a request button stay light.
const RequestDialog = lazy(() => import('./request-dialog'));

/** A request button (Request Transfer, Request Pickup) that opens the request dialog. */
export function RequestMedicineButton({
  initiallyOpen = false,
  ...props
}: RequestDialogProps & {
  /** Opens the dialog at once (a match's deep link: the listing with Request Pickup ready). */
  initiallyOpen?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    // Keyboard users continue where they were.
    button.current?.focus();
  };
  return (
    <>
      <Button
        ref={button}
        appearance="primary"
        aria-label={`${props.label}: ${props.medicine.name}`}
        onClick={() => setOpen(true)}
      >
        {props.label}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <RequestDialog {...props} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
