import '../../test/dom';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { missingOperatorFields } from '../../shared/site-config';
import { renderApp } from '../../test/render-app';
import { LEGAL_TEXTS } from './LegalPlaceholderWarning';

const FILLED = {
  impressum: {
    operator: 'Musikhochschule Beispielstadt',
    street: 'Beispielweg 5',
    postalCode: '12345',
    city: 'Beispielstadt',
    email: 'stundenplan@example.org',
  },
  privacy: { supervisoryAuthority: 'Landesbeauftragte für den Datenschutz Beispielland' },
};

describe('legal pages from the runtime configuration', () => {
  afterEach(() => {
    delete window.__CONFIG__;
  });

  it('lists the operator fields still missing', () => {
    expect(missingOperatorFields(undefined)).toEqual(['operator', 'street', 'postalCode', 'city', 'email']);
    expect(missingOperatorFields({ impressum: { ...FILLED.impressum, city: '  ' } })).toEqual(['city']);
    expect(missingOperatorFields(FILLED)).toEqual([]);
  });

  it.each(['/impressum', '/datenschutz'])('%s warns while the operator data are placeholders', async (path) => {
    window.__CONFIG__ = {};
    renderApp({ path });
    expect(await screen.findByText(LEGAL_TEXTS.placeholderTitle)).toBeTruthy();
    expect(screen.getAllByText('[Straße und Hausnummer]').length).toBeGreaterThan(0);
  });

  it('/datenschutz shows the configured operator and authority, without a warning', async () => {
    window.__CONFIG__ = FILLED;
    renderApp({ path: '/datenschutz' });
    expect(await screen.findByRole('heading', { name: 'Datenschutzerklärung' })).toBeTruthy();
    expect(screen.getByText('Musikhochschule Beispielstadt')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'stundenplan@example.org' }).getAttribute('href')).toBe('mailto:stundenplan@example.org');
    expect(screen.getByText(/zuständig ist: Landesbeauftragte für den Datenschutz Beispielland\./)).toBeTruthy();
    expect(screen.queryByText(LEGAL_TEXTS.placeholderTitle)).toBeNull();
  });

  it('/datenschutz states the retention periods: the defaults, or those the deployment configures', async () => {
    window.__CONFIG__ = FILLED;
    const first = renderApp({ path: '/datenschutz' });
    expect(await screen.findByRole('heading', { name: 'Löschfristen' })).toBeTruthy();
    expect(
      screen.getByText(/löschen wir 180 Tage nach dem letzten Tag des Semesters, bei einem Kurs ohne Semester 180 Tage nach seiner letzten Änderung\./),
    ).toBeTruthy();
    expect(screen.getByText(/Die Lehrkraft erhält 14 Tage vorher eine E-Mail\./)).toBeTruthy();
    expect(
      screen.getByText(/Hast du dich 24 Monate lang nicht angemeldet, erhältst du eine E-Mail\. Meldest du dich danach nicht innerhalb von 30 Tagen an/),
    ).toBeTruthy();
    expect(screen.getByText(/Meine Daten herunterladen/)).toBeTruthy();
    first.unmount();
    window.__CONFIG__ = { ...FILLED, privacy: { ...FILLED.privacy, retentionDaysAfterSemester: '365', accountRetentionMonths: '36' } };
    renderApp({ path: '/datenschutz' });
    expect(await screen.findByText(/löschen wir 365 Tage nach dem letzten Tag des Semesters/)).toBeTruthy();
    expect(screen.getByText(/Hast du dich 36 Monate lang nicht angemeldet/)).toBeTruthy();
  });

  it('links Über uns, Impressum, Datenschutz and Barrierefreiheit side by side in the footer', async () => {
    renderApp({ path: '/about' });
    const nav = await screen.findByRole('navigation', { name: 'Rechtliches' });
    const links = [...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Über uns', '/about'],
      ['Impressum', '/impressum'],
      ['Datenschutz', '/datenschutz'],
      ['Barrierefreiheit', '/barrierefreiheit'],
    ]);
  });
});
