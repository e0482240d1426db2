import '../../test/dom';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, TEACHER } from '../../test/render-app';

describe('HomePage', () => {
  it('shows the hero, three feature cards and the login form', async () => {
    renderApp({ path: '/' });
    expect(await screen.findByRole('heading', { name: 'Willkommen beim Stundenplan-Assistenten' })).toBeTruthy();
    expect(document.querySelectorAll('.feature-card')).toHaveLength(3);
    expect(await screen.findByRole('form', { name: 'Login' })).toBeTruthy();
  });

  it('shows the session-expired note once and clears the flag', async () => {
    window.localStorage.setItem('sessionExpired', 'true');
    renderApp({ path: '/' });
    expect(await screen.findByText('Deine Sitzung ist abgelaufen. Bitte melde Dich erneut an.')).toBeTruthy();
    expect(window.localStorage.getItem('sessionExpired')).toBeNull();
  });

  it('shows no note without the flag', async () => {
    renderApp({ path: '/' });
    await screen.findByRole('form', { name: 'Login' });
    expect(screen.queryByText('Deine Sitzung ist abgelaufen. Bitte melde Dich erneut an.')).toBeNull();
  });

  it('offers a logged-in teacher the way to the planning', async () => {
    renderApp({ path: '/', user: TEACHER });
    expect((await screen.findByRole('link', { name: 'Zur Stundenplanung' })).getAttribute('href')).toBe('/scheduling');
    expect(screen.queryByRole('form', { name: 'Login' })).toBeNull();
  });
});
