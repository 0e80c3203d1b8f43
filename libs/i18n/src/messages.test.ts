// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { messages } from '@medrelay/contracts';
import { createI18n } from './setup';
import { addMessageTexts, messagesNamespace } from './messages';

describe("the contracts' messages (not in the landing page's download)", () => {
  it('are not in the first load, and show in both languages once the screen that needs them adds them', async () => {
    const i18n = await createI18n();
    expect(i18n.hasResourceBundle('en', messagesNamespace)).toBe(false);
    expect(i18n.t('messages:invalidCredentials')).toBe('invalidCredentials');

    addMessageTexts(i18n);
    addMessageTexts(i18n); // a second screen adding them changes nothing
    await i18n.changeLanguage('en');
    expect(i18n.t('messages:invalidCredentials')).toBe('Invalid credentials');
    expect(i18n.t('messages:accountPending')).toBe(messages.accountPending.en);
    await i18n.changeLanguage('ar');
    expect(i18n.t('messages:invalidCredentials')).toBe('بيانات الدخول مش صحيحة');
    expect(i18n.t('messages:authenticationRequired')).toBe('من فضلك سجل دخول الأول');
    expect(Object.keys(i18n.getResourceBundle('ar', messagesNamespace))).toEqual(Object.keys(messages));
  });
});
