import type { FieldError } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { isMessageKey } from '@medrelay/contracts';

/**
 * Validation messages from the contracts' schemas are message keys; show them in the page's
 * language. Anything else (a bound the spec gives no wording for) gets the generic message.
 */
export function fieldMessage(t: TFunction, error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  const key = error.message ?? '';
  return isMessageKey(key) ? t(`messages:${key}`) : t('messages:invalidInput');
}
