import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi, meKey, useSession } from '@medrelay/api-client';
import type { Language } from '@medrelay/contracts';
import { identityEndpoints } from '@medrelay/contracts/endpoints';

/**
 * Switches the page's language (kept in localStorage by i18next) and, for a signed-in user,
 * the account's too, so e-mails follow. Resolves to whether the account was updated.
 */
export function useChangeLanguage() {
  const { i18n } = useTranslation();
  const { data: user } = useSession();
  const client = useQueryClient();
  return async (language: Language): Promise<boolean> => {
    await i18n.changeLanguage(language);
    if (!user || user.language === language) return true;
    try {
      client.setQueryData(meKey, await callApi(identityEndpoints.updateProfile, { body: { language } }));
      return true;
    } catch {
      return false;
    }
  };
}
