import { Field, Input } from '@fluentui/react-components';

/**
 * The account's own password, asked again before a change that needs it (a password change, two-factor,
 * deleting the account, an administrator's reset): one field, filled by the browser's password manager.
 */
export function CurrentPasswordField({
  label,
  value,
  onChange,
  error,
  required,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
}) {
  return (
    <Field label={label} validationMessage={error} required={required}>
      <Input
        type="password"
        value={value}
        onChange={(_, data) => onChange(data.value)}
        autoComplete="current-password"
      />
    </Field>
  );
}
