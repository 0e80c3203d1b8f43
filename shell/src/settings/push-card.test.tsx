// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInRemote } from '@medrelay/ui/test-support';
import { PushCard } from './push-card';

describe('notifications on this device', () => {
  it('says plainly, in both languages, when the browser cannot receive them (and asks the server nothing)', async () => {
    expect('PushManager' in window).toBe(false);
    await renderInRemote(<PushCard />, { queryFn: () => Promise.reject(new Error('no call expected')) });
    screen.getByRole('heading', { name: 'Notifications on this device' });
    screen.getByText(/This browser cannot receive notifications/);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('in Arabic', async () => {
    await renderInRemote(<PushCard />, { language: 'ar' });
    screen.getByRole('heading', { name: 'الإشعارات على الجهاز ده' });
    screen.getByText(/المتصفح ده مش بيستقبل إشعارات/);
  });
});
