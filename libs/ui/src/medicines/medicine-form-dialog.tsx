import { useState, type ReactElement } from 'react';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
} from '@fluentui/react-components';
import type { Medicine, MedicineCreate, MedicineUpdateInput } from '@medrelay/contracts';
import { MedicineForm } from './medicine-form';

/** The medicine form in a dialog (List New Medicine, edit, Add Donation); closes once saved. */
export function MedicineFormDialog({
  trigger,
  title,
  submitLabel,
  withPrices,
  medicine,
  onSave,
}: {
  trigger: ReactElement;
  title: string;
  submitLabel: string;
  withPrices: boolean;
  medicine?: Medicine;
  onSave: (values: MedicineCreate, photo: File | null, changes: MedicineUpdateInput) => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(_, data) => setOpen(data.open)}>
      <DialogTrigger disableButtonEnhancement>{trigger}</DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            <MedicineForm
              withPrices={withPrices}
              medicine={medicine}
              submitLabel={submitLabel}
              onCancel={() => setOpen(false)}
              onSave={async (values, photo, changes) => {
                await onSave(values, photo, changes);
                setOpen(false);
              }}
            />
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
