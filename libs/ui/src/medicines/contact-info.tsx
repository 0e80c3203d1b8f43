import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { CallRegular, ChatRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { MedicineRequest } from '@medrelay/contracts';
import { partyName } from '@medrelay/domain/listing-visibility';
import { normalizePhone, whatsAppLink } from '@medrelay/domain/phone';
import { useShownName } from '@medrelay/i18n';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    paddingBlock: tokens.spacingVerticalS,
  },
  links: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  // Touch targets of at least 44 px: these are tapped on phones more than anything else here.
  link: { minHeight: '44px' },
});

/**
 * The other party of an approved request: organisation (or name), the contact person,
 * the phone as a `tel:` link and a WhatsApp chat with a message naming the request, in the
 * reader's language. The server sends `contact` only to the two parties, once approved.
 */
export function ContactInfo({ request }: { request: MedicineRequest }) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const shownName = useShownName();
  const contact = request.contact;
  if (!contact) return null;
  const who = partyName(shownName(contact.name), contact.organizationName);
  const medicine = request.medicine?.name ?? t('request.unknown');
  const phone = contact.phone ? (normalizePhone(contact.phone) ?? contact.phone) : null;
  const whatsApp = phone && whatsAppLink(phone, t('contact.message', { id: request.id, medicine }));
  return (
    <div className={styles.root} data-testid="contact-info">
      <Text weight="semibold">
        {t('contact.label')}: <bdi>{who}</bdi>
      </Text>
      {contact.organizationName && contact.organizationName !== contact.name && (
        <Text size={200}>{t('contact.person', { name: contact.name })}</Text>
      )}
      {phone && (
        <div className={styles.links}>
          <Button
            as="a"
            className={styles.link}
            href={`tel:${phone.replace(/[^\d+]/g, '')}`}
            icon={<CallRegular />}
            aria-label={t('contact.call', { name: who, phone })}
          >
            {/* Phone numbers read left to right in Arabic too. */}
            <span dir="ltr">{phone}</span>
          </Button>
          {whatsApp && (
            <Button
              as="a"
              className={styles.link}
              href={whatsApp}
              target="_blank"
              rel="noopener noreferrer"
              icon={<ChatRegular />}
              aria-label={t('contact.whatsAppLabel', { name: who })}
            >
              {t('contact.whatsApp')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
