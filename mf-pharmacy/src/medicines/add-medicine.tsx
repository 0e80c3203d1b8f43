import { Card, makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { focusTitleOnArrival, MedicineForm, PageHeader, useSaveMedicine } from '@medrelay/ui';

const useStyles = makeStyles({ card: { maxWidth: '720px' } });

/** `/pharmacy/add-medicine`: the listing form; once listed, back to My Medicines. */
export default function AddMedicine() {
  const styles = useStyles();
  const { t } = useTranslation('pharmacy');
  const navigate = useNavigate();
  const save = useSaveMedicine();
  return (
    <>
      <PageHeader title={t('addMedicine.title')} subtitle={t('addMedicine.subtitle')} />
      <Card className={styles.card}>
        <MedicineForm
          withPrices
          submitLabel={t('medicines.submit')}
          onCancel={() => navigate('/medicines')}
          onSave={async (values, photo) => {
            await save(values, photo);
            navigate('/medicines', { state: focusTitleOnArrival });
          }}
        />
      </Card>
    </>
  );
}
