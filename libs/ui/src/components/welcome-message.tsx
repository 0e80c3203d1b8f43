import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { usePublicSettings } from '@medrelay/api-client';
import { defaultSettings } from '@medrelay/contracts';

/** Greets the user with the administrator's welcome message (system settings). */
export function WelcomeMessage({ title }: { title: string }) {
  const { data: settings } = usePublicSettings();
  const { t } = useTranslation('common');
  // The administrator writes one message; the product's own default is shown in the page's language.
  const message =
    settings?.welcomeMessage === defaultSettings.welcomeMessage
      ? t('defaultWelcome')
      : settings?.welcomeMessage;
  return (
    <MessageBar intent="info" layout="multiline" data-testid="welcome-message">
      <MessageBarBody>
        <MessageBarTitle>{title}</MessageBarTitle>
        {message}
      </MessageBarBody>
    </MessageBar>
  );
}
