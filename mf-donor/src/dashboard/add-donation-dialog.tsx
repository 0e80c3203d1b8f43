import { Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { MedicineForm, useSaveMedicine } from '@medrelay/ui';

/** The dashboard's Add Donation dialog (spec §2), loaded on the first click with the form it brings. */
export default function AddDonationDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('donor');
  const save = useSaveMedicine({
    created: t('dashboard.submitted'),
    createFailed: t('dashboard.submitFailed'),
  });
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('dashboard.addDonationTitle')}</DialogTitle>
          <DialogContent>
            <MedicineForm
              withPrices={false}
              // Spec §5 dashboard rules: the quick dialog always donates to NGOs.
              fixedRecipient="ngos"
              submitLabel={t('dashboard.submit')}
              onCancel={onClose}
              onSave={async (values, photo) => {
                await save(values, photo);
                onClose();
              }}
            />
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
