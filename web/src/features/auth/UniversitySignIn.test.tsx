import '../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import type { MockRoute } from '../../test/fetch-mock';

const anonymous: MockRoute = { method: 'GET', path: '/api/me', reply: { status: 401, body: { detail: 'Not authenticated' } } };
const config = (password_login: boolean, enabled = true): MockRoute => ({
  method: 'GET',
  path: '/api/auth/config',
  reply: { body: { password_login, oidc: { enabled, label: enabled ? 'HMTM-Login' : null } } },
});

describe('university sign-in button', () => {
  it("shows 'Mit {label} anmelden' above the password form on /login", async () => {
    renderApp({ path: '/login', routes: [anonymous, config(true)] });
    const button = await screen.findByRole('link', { name: 'Mit HMTM-Login anmelden' });
    expect(button.getAttribute('href')).toBe('/api/auth/oidc/login');
    expect(screen.getByRole('form', { name: 'Login' })).toBeTruthy();
  });

  it('is the only way in when password login is off: no password form on the login and registration pages', async () => {
    renderApp({ path: '/login', routes: [anonymous, config(false)] });
    await screen.findByRole('link', { name: 'Mit HMTM-Login anmelden' });
    expect(screen.queryByRole('form', { name: 'Login' })).toBeNull();
    expect(screen.queryByLabelText('Passwort')).toBeNull();
  });

  it('the forgot-password page has no form when the university manages the passwords', async () => {
    renderApp({ path: '/forgot-password', routes: [anonymous, config(false)] });
    await screen.findByRole('link', { name: 'Mit HMTM-Login anmelden' });
    expect(screen.getByText(/Die Anmeldung erfolgt über den Hochschul-Login\./)).toBeTruthy();
    expect(screen.queryByLabelText('E-Mail')).toBeNull();
  });

  it('the mini login behind the avatar offers it too', async () => {
    renderApp({ path: '/about', routes: [anonymous, config(false)] });
    const avatar = await waitFor(() => {
      const b = document.querySelector<HTMLButtonElement>('button[aria-haspopup="dialog"]:not([disabled])');
      if (!b) throw new Error('no avatar yet');
      return b;
    });
    fireEvent.click(avatar);
    const dialog = await screen.findByRole('dialog', { name: 'Anmelden' });
    await within(dialog).findByRole('link', { name: 'Mit HMTM-Login anmelden' });
    expect(within(dialog).queryByLabelText('Passwort')).toBeNull();
  });

  it('carries the registration code and the invitation to the university login', async () => {
    const memberId = '0b8f2f2e-6a5d-4f3c-8b1a-9e8d7c6b5a40';
    renderApp({
      path: `/register/blau-hund-tanz?memberId=${memberId}`,
      routes: [
        anonymous,
        config(false),
        { method: 'GET', path: '/api/auth/validate-register-shortcut/blau-hund-tanz', reply: { body: { valid: true, class_id: 'c1', class_name: 'Klavier' } } },
        { method: 'GET', path: '/api/auth/validate-member-id', reply: { body: { valid: true, name: 'Max Muster', email: null, duration: 45 } } },
        { method: 'GET', path: '/api/institutions', reply: { body: [] } },
      ],
    });
    const button = await screen.findByRole('link', { name: 'Mit HMTM-Login anmelden' });
    expect(button.getAttribute('href')).toBe(`/api/auth/oidc/login?register_shortcut=blau-hund-tanz&member_id=${memberId}`);
    expect(screen.queryByLabelText('Passwort')).toBeNull();
  });

  it('is absent where the deployment has no university sign-in', async () => {
    renderApp({ path: '/login', routes: [anonymous, config(true, false)] });
    await waitFor(() => expect(screen.getByRole('form', { name: 'Login' })).toBeTruthy());
    expect(screen.queryByRole('link', { name: /anmelden$/ })).toBeNull();
  });
});
