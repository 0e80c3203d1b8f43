import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { CurrentPasswordField } from '@medrelay/ui';

/**
 * The account's password asked again before a change a stolen session alone must not make (a
 * passkey added, two-factor turned off), with the button that makes it. The password is handed
 * over once and not kept in the form.
 */
export function PasswordConfirmForm({
  label,
  submitLabel,
  busy,
  error,
  primary = false,
  className,
  onConfirm,
}: {
  label: string;
  submitLabel: string;
  busy: boolean;
  error?: string | undefined;
  primary?: boolean;
  className?: string;
  onConfirm: (password: string) => unknown;
}) {
  const [password, setPassword] = useState('');
  return (
    <form
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        setPassword('');
        void onConfirm(password);
      }}
    >
      <CurrentPasswordField label={label} error={error} value={password} onChange={setPassword} />
      <Button appearance={primary ? 'primary' : undefined} type="submit" disabled={busy || !password}>
        {submitLabel}
      </Button>
    </form>
  );
}
