import '../../test/dom';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../shared/toast/toast-store';
import { installFetchMock, type MockRoute, type RecordedCall } from '../../test/fetch-mock';
import { Providers } from '../../test/render-app';
import type { CsvRow } from './classes-api';
import { CsvImportDialog } from './CsvImportDialog';

const CLASS_ID = 'c1';
const csvFile = (text: string, name = 'liste.csv') => new File([text], name, { type: 'text/csv' });

const ROWS: CsvRow[] = [
  { row_id: 1, vorname: 'Anna', nachname: 'Berg', email: 'anna@web.de', dauer: 30, name: 'Anna Berg' },
  { row_id: 2, vorname: 'Ben', nachname: 'Kurz', email: 'ben@stud.de', dauer: null, name: 'Ben Kurz' },
  { row_id: 3, vorname: 'Anna', nachname: 'Berg', email: 'Anna@web.de', dauer: 45, name: 'Anna Berg' },
  { row_id: 4, vorname: '', nachname: 'Ay', email: null, dauer: 60, name: 'Ay' },
  { row_id: 5, vorname: 'Dora', nachname: 'Lang', email: 'dora@web.de', dauer: 30, name: 'Dora Lang' },
];

function show(routes: MockRoute[] = [], existingEmails: string[] = []) {
  const fetchMock = installFetchMock(routes);
  const onClose = vi.fn();
  const onImported = vi.fn();
  render(
    <Providers>
      <CsvImportDialog classId={CLASS_ID} existingEmails={new Set(existingEmails)} onClose={onClose} onImported={onImported} />
    </Providers>,
  );
  return { fetchMock, onClose, onImported };
}

const chooseFile = (file: File) => fireEvent.change(screen.getByLabelText('CSV-Datei'), { target: { files: [file] } });
const extractButton = () => screen.getByRole('button', { name: /Daten extrahieren|Verarbeite\.\.\./ });
const toasts = (kind: string) =>
  getToasts()
    .filter((t) => t.kind === kind)
    .map((t) => t.message);
const formOf = (call: RecordedCall) => call.body as FormData;

const hmtm = (rows: CsvRow[] = ROWS): MockRoute => ({ method: 'POST', path: '/api/extract-hmtm-csv', reply: { body: { studierende: rows } } });
const check = (existing: Record<string, { user_id: string; available_times: object }> = {}): MockRoute => ({
  method: 'POST',
  path: '/api/check-student-exists',
  reply: { body: { existing_students: existing } },
});

describe('CsvImportDialog: file', () => {
  it('accepts only non-empty .csv files', async () => {
    const { fetchMock } = show([hmtm()]);
    fireEvent.click(extractButton());
    expect(screen.getByText('Bitte laden Sie eine CSV-Datei hoch')).toBeTruthy();
    chooseFile(new File(['x'], 'liste.xlsx'));
    expect(screen.getByText('Bitte laden Sie eine CSV-Datei hoch')).toBeTruthy();
    chooseFile(new File([], 'leer.csv'));
    expect(screen.getByText('CSV-Datei ist leer')).toBeTruthy();
    fireEvent.click(extractButton());
    expect(fetchMock.calls).toHaveLength(0);
  });

  it("shows 'Verarbeite...' and 'Verarbeite Daten...' while the server extracts", async () => {
    const { fetchMock } = show([{ method: 'POST', path: '/api/extract-hmtm-csv', reply: { hang: true } }]);
    chooseFile(csvFile('Nachname;Vorname\nBerg;Anna'));
    fireEvent.click(extractButton());
    expect(await screen.findByText('Verarbeite Daten...')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Verarbeite...' }) as HTMLButtonElement).disabled).toBe(true);
    const form = formOf(fetchMock.callsTo('/api/extract-hmtm-csv')[0]!);
    expect((form.get('csv_file') as File).name).toBe('liste.csv');
    expect(form.get('column_mapping')).toBeNull();
  });
});

describe('CsvImportDialog: errors', () => {
  it.each([
    [{ status: 400, body: { detail: 'Keine Studierenden in der CSV-Datei gefunden' } }, 'Keine Studierenden in der CSV-Datei gefunden'],
    [
      { status: 400, body: { detail: 'Die Datei ist keine gültige CSV-Datei' } },
      'Fehler beim Verarbeiten der CSV-Datei: Die Datei ist keine gültige CSV-Datei',
    ],
    [{ status: 502 }, 'Fehler beim Hochladen der CSV-Datei'],
    [{ body: { studierende: [] } }, 'Keine Studierenden in der CSV-Datei gefunden'],
  ])('answer %j -> %j', async (reply, text) => {
    show([{ method: 'POST', path: '/api/extract-hmtm-csv', reply }]);
    chooseFile(csvFile('Nachname;Vorname\nBerg;Anna'));
    fireEvent.click(extractButton());
    expect(await screen.findByText(text)).toBeTruthy();
    expect(extractButton()).toBeTruthy();
  });

  it("says 'Fehler beim Hochladen der CSV-Datei' when the upload does not reach the server", async () => {
    show([
      {
        method: 'POST',
        path: '/api/extract-hmtm-csv',
        reply: () => {
          throw new TypeError('Failed to fetch');
        },
      },
    ]);
    chooseFile(csvFile('Nachname;Vorname\nBerg;Anna'));
    fireEvent.click(extractButton());
    expect(await screen.findByText('Fehler beim Hochladen der CSV-Datei')).toBeTruthy();
  });

  it("toasts 'Fehler beim Prüfen der Studenten' and still shows the result when the account check fails", async () => {
    show([hmtm(), { method: 'POST', path: '/api/check-student-exists', reply: { status: 500 } }]);
    chooseFile(csvFile('x'));
    fireEvent.click(extractButton());
    expect(await screen.findByRole('heading', { name: 'Studierende' })).toBeTruthy();
    expect(toasts('error')).toEqual(['Fehler beim Prüfen der Studenten']);
  });
});

describe('CsvImportDialog: result, merge and import', () => {
  async function extracted(extra: MockRoute[] = [], existingEmails: string[] = []) {
    const app = show([hmtm(), ...extra], existingEmails);
    chooseFile(csvFile('x'));
    fireEvent.click(extractButton());
    await screen.findByRole('heading', { name: 'Studierende' });
    return app;
  }

  it('shows the duration note under the table exactly as docs/product/documents.md words it', async () => {
    await extracted([check()]);
    // The tests run from the repository root or from web/.
    const file = ['docs/product/documents.md', '../docs/product/documents.md'].map((f) => resolve(process.cwd(), f)).find((f) => existsSync(f))!;
    const docs = readFileSync(file, 'utf8').replace(/\s+/g, ' ');
    const documented = /Note under the table: '([^']+)'/.exec(docs)?.[1];
    expect(documented).toBeTruthy();
    expect(screen.getByText(documented!)).toBeTruthy();
  });

  it("lists the rows with '---' for empty values and toasts 'n Studierende erfolgreich extrahiert'", async () => {
    const { fetchMock } = await extracted([check({ 'ben@stud.de': { user_id: 'u-ben', available_times: {} } })]);
    expect(toasts('success')).toEqual(['5 Studierende erfolgreich extrahiert']);
    expect(screen.getAllByText('5 Studierende erfolgreich extrahiert').length).toBeGreaterThan(0);
    expect(fetchMock.callsTo('/api/check-student-exists')[0]!.body).toEqual(['anna@web.de', 'ben@stud.de', 'dora@web.de']);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Alle auswählen', 'Vorname', 'Nachname', 'E-Mail', 'Dauer (min)', 'Hinweis']);
    const ay = within(table).getByText('Ay').closest('tr')!;
    expect(within(ay).getAllByText('---')).toHaveLength(2);
    const ben = within(table).getByText('Ben').closest('tr')!;
    expect(within(ben).getByText('registriert · wird mit 30 min übernommen')).toBeTruthy();
  });

  it('asks the server about at most 99 e-mails per call (a long list goes in chunks) and marks hits from every chunk', async () => {
    const many: CsvRow[] = Array.from({ length: 150 }, (_, i) => ({
      row_id: i + 1,
      vorname: 'Vor',
      nachname: `Nach${i}`,
      email: `s${i}@web.de`,
      dauer: 30,
      name: `Vor Nach${i}`,
    }));
    const fetchMock = installFetchMock([
      hmtm(many),
      {
        method: 'POST',
        path: '/api/check-student-exists',
        reply: (call: RecordedCall) => ({
          body: { existing_students: (call.body as string[]).includes('s120@web.de') ? { 's120@web.de': { user_id: 'u-120', available_times: {} } } : {} },
        }),
      },
    ]);
    render(
      <Providers>
        <CsvImportDialog classId={CLASS_ID} existingEmails={new Set()} onClose={vi.fn()} onImported={vi.fn()} />
      </Providers>,
    );
    chooseFile(csvFile('x'));
    fireEvent.click(extractButton());
    await screen.findByRole('heading', { name: 'Studierende' });
    const calls = fetchMock.callsTo('/api/check-student-exists');
    expect(calls.map((c) => (c.body as string[]).length)).toEqual([99, 51]);
    const row = within(screen.getByRole('table')).getByText('Nach120').closest('tr')!;
    expect(within(row).getByText(/registriert/)).toBeTruthy();
  });

  it('groups duplicates by e-mail and merges the selected ones, summing durations', async () => {
    await extracted([check()]);
    const group = within(screen.getByTestId('duplicate-group'));
    expect(group.getByText('anna@web.de')).toBeTruthy();
    const merge = group.getByRole('button', { name: 'Ausgewählte zusammenführen (2)' }) as HTMLButtonElement;
    const boxes = group.getAllByRole('checkbox');
    fireEvent.click(boxes[1]!);
    expect((group.getByRole('button', { name: 'Ausgewählte zusammenführen (1)' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(boxes[1]!);
    fireEvent.click(merge);
    expect(screen.getByText('2 Einträge wurden zusammengeführt (75 min)')).toBeTruthy();
    expect(toasts('info')).toEqual(['Doppelte Studenten zusammengeführt.']);
    expect(screen.queryByTestId('duplicate-group')).toBeNull();
    expect(within(screen.getByRole('table')).getAllByText('Anna')).toHaveLength(1);
    expect(within(screen.getByRole('table')).getByText('75')).toBeTruthy();
  });

  it('refuses to import two selected rows with the same e-mail', async () => {
    const { fetchMock } = await extracted([check()]);
    fireEvent.click(screen.getByRole('button', { name: 'Ausgewählte importieren (5)' }));
    expect(screen.getByText(/Die E-Mail-Adresse anna@web.de kommt in der Auswahl mehrfach vor/)).toBeTruthy();
    expect(fetchMock.calls.filter((c) => c.url.includes('/members'))).toHaveLength(0);
  });

  it('imports the selection: new rows via members/new (default 30 min), registered ones via members', async () => {
    const { fetchMock, onImported } = await extracted([
      check({ 'ben@stud.de': { user_id: 'u-ben', available_times: {} } }),
      { method: 'POST', path: `/api/classes/${CLASS_ID}/members/new`, reply: { status: 201, body: { message: 'ok' } } },
      { method: 'POST', path: `/api/classes/${CLASS_ID}/members`, reply: { status: 201, body: { message: 'ok' } } },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Ausgewählte zusammenführen (2)' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Dora Lang auswählen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ausgewählte importieren (3)' }));
    await waitFor(() => expect(onImported).toHaveBeenCalled());
    expect(fetchMock.callsTo(`/api/classes/${CLASS_ID}/members/new`)[0]!.body).toEqual({
      students: [
        { name: 'Anna Berg', duration: 75, email: 'anna@web.de' },
        { name: 'Ay', duration: 60, email: null },
      ],
    });
    expect(fetchMock.callsTo(`/api/classes/${CLASS_ID}/members`)[0]!.body).toEqual({ students: [{ student_id: 'u-ben', duration: 30 }] });
    expect(toasts('success')).toContain('3 Studierende erfolgreich importiert');
  });

  it('does not offer rows whose e-mail is already in the class', async () => {
    await extracted([check()], ['dora@web.de']);
    const dora = screen.getByRole('checkbox', { name: 'Dora Lang auswählen' }) as HTMLInputElement;
    expect(dora.disabled).toBe(true);
    expect(dora.checked).toBe(false);
    expect(screen.getByText('Bereits in dieser Klasse')).toBeTruthy();
  });

  it("shows 'Maximal 99 Studierenden pro Klasse/Kurs' when the class is full", async () => {
    const { onImported } = await extracted([
      check(),
      { method: 'POST', path: `/api/classes/${CLASS_ID}/members/new`, reply: { status: 400, body: { detail: 'Maximal 99 Studierenden pro Klasse/Kurs' } } },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Ausgewählte zusammenführen (2)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ausgewählte importieren (4)' }));
    await waitFor(() => expect(toasts('error')).toEqual(['Maximal 99 Studierenden pro Klasse/Kurs']));
    expect(onImported).not.toHaveBeenCalled();
  });
});

describe('CsvImportDialog: custom format', () => {
  const CUSTOM = [
    'Teilnehmerliste Klavier',
    'Nr,Teilnehmer,Kontakt,Minuten',
    ...Array.from({ length: 7 }, (_, i) => `${i + 1},Person ${i + 1},p${i + 1}@web.de,45`),
  ].join('\n');

  async function customPreview(routes: MockRoute[] = []) {
    const app = show(routes);
    fireEvent.click(screen.getByLabelText(/Benutzerdefiniert/));
    chooseFile(csvFile(CUSTOM));
    await screen.findByRole('table', { name: 'Vorschau der ersten fünf Datenzeilen' });
    return app;
  }

  it('previews the first five data rows with a mapping dropdown per column', async () => {
    await customPreview();
    const table = within(screen.getByRole('table', { name: 'Vorschau der ersten fünf Datenzeilen' }));
    expect(table.getAllByRole('row')).toHaveLength(6);
    expect(table.getByText('Person 5')).toBeTruthy();
    expect(table.queryByText('Person 6')).toBeNull();
    expect(screen.getByText(/Trennzeichen erkannt: „,“/)).toBeTruthy();
    const select = screen.getByLabelText('Zuordnung für Nr') as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['-- Ignorieren --', 'Name (kombiniert)', 'Vorname', 'Nachname', 'Dauer', 'E-Mail']);
    // Guessed from the header names.
    expect((screen.getByLabelText('Zuordnung für Teilnehmer') as HTMLSelectElement).value).toBe('name');
    expect((screen.getByLabelText('Zuordnung für Minuten') as HTMLSelectElement).value).toBe('dauer');
  });

  it('gives each role to one column and needs a name column', async () => {
    const { fetchMock } = await customPreview();
    fireEvent.change(screen.getByLabelText('Zuordnung für Nr'), { target: { value: 'name' } });
    expect((screen.getByLabelText('Zuordnung für Teilnehmer') as HTMLSelectElement).value).toBe('ignore');
    fireEvent.change(screen.getByLabelText('Zuordnung für Nr'), { target: { value: 'vorname' } });
    fireEvent.click(extractButton());
    expect(screen.getByText('Bitte wählen Sie mindestens eine Namens-Spalte aus')).toBeTruthy();
    expect(fetchMock.calls).toHaveLength(0);
  });

  it('sends the column mapping with the file', async () => {
    const { fetchMock } = await customPreview([
      { method: 'POST', path: '/api/extract-custom-csv', reply: { body: { studierende: ROWS.slice(0, 1) } } },
      check(),
    ]);
    fireEvent.change(screen.getByLabelText('Zuordnung für Kontakt'), { target: { value: 'email' } });
    fireEvent.click(extractButton());
    await screen.findByRole('heading', { name: 'Studierende' });
    const form = formOf(fetchMock.callsTo('/api/extract-custom-csv')[0]!);
    expect(JSON.parse(form.get('column_mapping') as string)).toEqual({ has_header: true, name: 'Teilnehmer', email: 'Kontakt', dauer: 'Minuten' });
    expect((form.get('csv_file') as File).name).toBe('liste.csv');
  });
});
