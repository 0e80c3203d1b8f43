// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { renderInRemote } from '@medrelay/ui/test-support';

function Broken(): never {
  throw new Error('a screen that fails to render');
}

async function renderBroken(language: 'en' | 'ar') {
  const { ShellErrorBoundary } = await import('./error-boundary');
  // As app.tsx gives them: the page's own texts in its language.
  function Boundary() {
    const { t } = useTranslation('common');
    return (
      <ShellErrorBoundary title={t('toast.error')} body={t('toast.networkError')} retry={t('actions.retry')}>
        <Broken />
      </ShellErrorBoundary>
    );
  }
  vi.spyOn(console, 'error').mockImplementation(() => {});
  await renderInRemote(<Boundary />, { language });
}

// The panel is a chunk of its own, fetched only when something broke (the landing
// page's download); the words and the retry are the same as before, in both languages.
describe("the shell's error boundary", () => {
  it('shows the error panel with a retry once its chunk has loaded', async () => {
    await renderBroken('en');
    const alert = await screen.findByRole('alert');
    expect(alert.className).toContain('fui-MessageBar');
    expect(alert.textContent).toContain('An error occurred');
    expect(alert.textContent).toContain('Network error, please try again');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says it in Arabic too', async () => {
    await renderBroken('ar');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('حصل خطأ');
    expect(screen.getByRole('button', { name: 'جرّب تاني' })).toBeTruthy();
  });

  it('still says it, plainly, when the panel cannot be fetched (offline, a redeploy)', async () => {
    vi.resetModules();
    vi.doMock('./error-panel', () => Promise.reject(new Error('Loading chunk 42 failed.')));
    await renderBroken('ar');
    const alert = await screen.findByRole('alert');
    expect(alert.className).not.toContain('fui-MessageBar');
    expect(alert.textContent).toContain('حصل خطأ');
    expect(alert.textContent).toContain('في مشكلة في الشبكة، من فضلك جرّب تاني');
    expect(screen.getByRole('button', { name: 'جرّب تاني' })).toBeTruthy();
    vi.doUnmock('./error-panel');
  });
});
