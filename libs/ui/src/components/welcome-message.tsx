import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { usePublicSettings } from '@medrelay/api-client';

/** Greets the user with the administrator's welcome message (system settings). */
export function WelcomeMessage({ title }: { title: string }) {
  const { data: settings } = usePublicSettings();
  return (
    <MessageBar intent="info" layout="multiline" data-testid="welcome-message">
      <MessageBarBody>
        <MessageBarTitle>{title}</MessageBarTitle>
        {settings?.welcomeMessage}
      </MessageBarBody>
    </MessageBar>
  );
}
