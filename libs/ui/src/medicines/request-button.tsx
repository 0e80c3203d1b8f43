import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@fluentui/react-components';
import type { RequestDialogProps } from './request-dialog';

// The dialog loads on the first click: lists with a request button stay light.
const RequestDialog = lazy(() => import('./request-dialog'));

/** A request button (Request Transfer, Request Pickup) that opens the request dialog. */
export function RequestMedicineButton(props: RequestDialogProps) {
  const [open, setOpen] = useState(false);
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
