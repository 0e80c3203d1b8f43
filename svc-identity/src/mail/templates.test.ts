import { openedMailSchema } from '@medrelay/contracts';
import { describe, expect, it } from 'vitest';
import { renderMail } from './templates';

describe('the registration e-mail', () => {
  it('names the account type with its article in English ("an NGO", not "a NGO")', () => {
    const said = (userType: string) =>
      renderMail(
        openedMailSchema.parse({
          template: 'registration-received',
          language: 'en',
          data: {
            systemName: 'MedRelay',
            adminEmail: 'admin@medrelay.eg',
            loginUrl: 'http://x/login',
            name: 'Sara',
            userType,
            verifyUrl: 'http://x/verify-email#token=t',
            hours: '72',
          },
        }),
      ).text;
    expect(said('ngo')).toContain('Thank you for registering with MedRelay as an NGO.');
    expect(said('pharmacy')).toContain('Thank you for registering with MedRelay as a pharmacy.');
    expect(said('donor')).toContain('Thank you for registering with MedRelay as a donor.');
    const toAdmin = renderMail(
      openedMailSchema.parse({
        template: 'admin-new-registration',
        language: 'en',
        data: {
          systemName: 'MedRelay',
          adminEmail: 'admin@medrelay.eg',
          loginUrl: 'http://x/login',
          name: 'Sara',
          email: 'sara@example.com',
          userType: 'ngo',
          reviewUrl: 'http://x/admin/users',
        },
      }),
    ).text;
    expect(toAdmin).toContain('registered as an NGO and is waiting for approval.');
  });

  it('joins the Arabic "as" to the type as written Arabic does ("كمتبرع", not the stretched "كـمتبرع")', () => {
    const said = (userType: string) =>
      renderMail(
        openedMailSchema.parse({
          template: 'registration-received',
          language: 'ar',
          data: {
            systemName: 'MedRelay',
            adminEmail: 'admin@medrelay.eg',
            loginUrl: 'http://x/login',
            name: 'منى',
            userType,
            verifyUrl: 'http://x/verify-email#token=t',
            hours: '72',
          },
        }),
      ).text;
    expect(said('donor')).toContain('شكراً إنك سجلت في MedRelay كمتبرع.');
    expect(said('ngo')).toContain('شكراً إنك سجلت في MedRelay كجمعية أهلية.');
  });
});

describe('the recovery-code-used e-mail', () => {
  it('says new recovery codes can be made with a recovery code too, as the settings card does (the phone may be lost)', () => {
    const said = (language: 'en' | 'ar') =>
      renderMail(
        openedMailSchema.parse({
          template: 'recovery-code-used',
          language,
          data: {
            systemName: 'MedRelay',
            adminEmail: 'admin@medrelay.eg',
            name: 'Sara',
            by: 'sign-in',
            at: 'Sunday, November 29, 2026 at 19:30',
            device: 'Chrome on Android',
            left: '2',
            fewLeft: 'yes',
            resetUrl: 'http://x/forgot-password',
          },
        }),
      ).text;
    expect(said('en')).toContain(
      'New recovery codes (with your password and a code from your app, or one of your recovery codes).',
    );
    expect(said('ar')).toContain('(بكلمة السر وكود من التطبيق، أو كود من أكواد الاسترجاع)');
  });
});

describe('the password-changed e-mail of a reset', () => {
  it('names the screen where passkeys are added again as the app does: Sign-in & security', () => {
    const said = (language: 'en' | 'ar') =>
      renderMail(
        openedMailSchema.parse({
          template: 'password-changed',
          language,
          data: {
            systemName: 'MedRelay',
            adminEmail: 'admin@medrelay.eg',
            name: 'Sara',
            resetUrl: 'http://x/forgot-password',
            passkeysRemoved: 'yes',
          },
        }),
      ).text;
    expect(said('en')).toContain('(add yours again under Sign-in & security)');
    expect(said('ar')).toContain('(ضيف مفاتيحك تاني من «الدخول والأمان»)');
  });
});
