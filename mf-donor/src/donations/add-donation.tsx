import {
  Card,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { focusTitleOnArrival, MedicineForm, PageHeader, useSaveMedicine } from '@medrelay/ui';

const useStyles = makeStyles({
  layout: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '720px' },
  guidelines: { margin: '0', paddingInlineStart: tokens.spacingHorizontalXL },
});

/**
 * `/donor/add-donation`: the guidelines box and the shared medicine form without prices
 * (donations are free); the recipients are chosen, NGOs by default (spec §5). Cancel and
 * success both go to My Donations.
 */
export default function AddDonation() {
  const styles = useStyles();
  const { t } = useTranslation('donor');
  const navigate = useNavigate();
  const save = useSaveMedicine({ created: t('addDonation.added'), createFailed: t('addDonation.addFailed') });
  const guidelines = t('addDonation.guidelines', { returnObjects: true }) as string[];
  return (
    <>
      <PageHeader title={t('addDonation.title')} subtitle={t('addDonation.subtitle')} />
      <div className={styles.layout}>
        <MessageBar intent="info" layout="multiline" aria-label={t('addDonation.guidelinesTitle')}>
          <MessageBarBody>
            <MessageBarTitle>{t('addDonation.guidelinesTitle')}</MessageBarTitle>
            <ul className={styles.guidelines}>
              {guidelines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </MessageBarBody>
        </MessageBar>
        <Card>
          <MedicineForm
            withPrices={false}
            submitLabel={t('addDonation.submit')}
            onCancel={() => navigate('/donations')}
            onSave={async (values, photo) => {
              await save(values, photo);
              navigate('/donations', { state: focusTitleOnArrival });
            }}
          />
        </Card>
      </div>
    </>
  );
}
