// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deletedAccountName } from '@medrelay/domain/user-status';
import { requestFixture } from '../test-support/fixtures';
import { renderInRemote } from '../test-support/render';
import { RequestRow } from './request-row';

const whatsAppText = (href: string) => new URL(href).searchParams.get('text');

describe("an approved request shows the other party's contact", () => {
  it('links the phone (tel:) and WhatsApp with a message naming the medicine and the request', async () => {
    await renderInRemote(<RequestRow request={requestFixture()} counterpart="provider" />);
    expect(screen.getByTestId('contact-info').textContent).toContain('Contact: Dokki Pharmacy');
    const call = screen.getByRole('link', { name: 'Call Dokki Pharmacy on +201001234567' });
    expect(call.getAttribute('href')).toBe('tel:+201001234567');
    const chat = screen.getByRole('link', { name: 'Message Dokki Pharmacy on WhatsApp' });
    const href = chat.getAttribute('href')!;
    expect(href.startsWith('https://wa.me/201001234567?text=')).toBe(true);
    expect(whatsAppText(href)).toBe('Hello, this is about MedRelay request #42 for Concor 5mg.');
    expect(chat.getAttribute('rel')).toContain('noopener');
  });

  it("writes the message in the reader's language (Arabic, Latin digits) and names the NGO and its contact person", async () => {
    const request = requestFixture({
      direction: 'incoming',
      contact: {
        userId: 2,
        userType: 'ngo',
        name: 'Mona Adel',
        organizationName: 'رسالة',
        phone: '+201122334455',
      },
    });
    await renderInRemote(<RequestRow request={request} counterpart="requester" />, { language: 'ar' });
    const info = screen.getByTestId('contact-info');
    expect(info.textContent).toContain('للتواصل: رسالة');
    expect(info.textContent).toContain('المسؤول: Mona Adel');
    expect(screen.getByRole('link', { name: /اتصل بـ رسالة/ }).getAttribute('href')).toBe(
      'tel:+201122334455',
    );
    const chat = screen.getByRole('link', { name: 'ابعت رسالة واتساب لـ رسالة' }).getAttribute('href')!;
    expect(chat.startsWith('https://wa.me/201122334455?text=')).toBe(true);
    expect(whatsAppText(chat)).toBe('أهلاً، بكلمك بخصوص طلب MedRelay رقم 42 على Concor 5mg.');
    // The phone reads left to right inside the Arabic page.
    expect(screen.getByText('+201122334455').getAttribute('dir')).toBe('ltr');
  });

  it('shows no contact before approval, and only a call link for a number WhatsApp cannot take', async () => {
    const { rerender } = await renderInRemote(
      <RequestRow request={requestFixture({ status: 'pending', contact: null })} counterpart="provider" />,
    );
    expect(screen.queryByTestId('contact-info')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    rerender(
      <RequestRow
        request={requestFixture({
          contact: { userId: 3, userType: 'donor', name: 'Ahmed', organizationName: null, phone: '555-12' },
        })}
        counterpart="provider"
      />,
    );
    expect(screen.getByTestId('contact-info').textContent).toContain('Contact: Ahmed');
    expect(screen.getByRole('link', { name: /Call Ahmed/ }).getAttribute('href')).toBe('tel:55512');
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
  });

  it('names a donor who deleted her account as a deleted user in Arabic, not by the English placeholder', async () => {
    const request = requestFixture({
      status: 'completed',
      contact: {
        userId: 3,
        userType: 'donor',
        name: deletedAccountName,
        organizationName: null,
        phone: null,
      },
    });
    await renderInRemote(<RequestRow request={request} counterpart="provider" />, { language: 'ar' });
    const info = screen.getByTestId('contact-info').textContent!;
    expect(info).toContain('للتواصل: مستخدم محذوف');
    expect(info).not.toContain(deletedAccountName);
  });
});
