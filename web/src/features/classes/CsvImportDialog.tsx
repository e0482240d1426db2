// docs/product/classes.md CSV import dialog, docs/product/classes.md CSV import, docs/product/classes.md CSV upload, docs/product/errors.md CSV.
import { useId, useMemo, useState } from 'react';
import { ApiError, isAbortError } from '../../shared/api/client';
import { toast } from '../../shared/toast/toast-store';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { cx } from '../../shared/ui/cx';
import { Dialog } from '../../shared/ui/Dialog';
import { Spinner } from '../../shared/ui/Spinner';
import { Table } from '../../shared/ui/Table';
import { classesApi, type CsvRow } from './classes-api';
import {
  assignRole,
  buildMapping,
  buildPreview,
  checkCsvFile,
  COLUMN_ROLE_OPTIONS,
  emailKey,
  findDuplicateGroups,
  firstDuplicateEmail,
  guessRoles,
  importDuration,
  importName,
  importProblem,
  mergeRows,
  previewRows,
  readCsvFile,
  type ColumnRole,
  type CsvPreview,
  type ImportRow,
} from './csv';
import { Checkbox } from './local-ui';
import { CSV_MESSAGES } from './messages';
import { addMemberErrorMessage, detailOf } from './validation';

export type CsvFormat = 'hmtm' | 'custom';

export interface CsvImportDialogProps {
  classId: string;
  /** E-mails already in the class (lower-case): such rows are not imported again. */
  existingEmails: ReadonlySet<string>;
  onClose: () => void;
  onImported: () => void;
}

/** The texts a failed extraction shows (docs/product/errors.md CSV). */
export function extractionErrorMessage(error: unknown): string {
  const detail = detailOf(error);
  if (detail === CSV_MESSAGES.noStudents || detail === CSV_MESSAGES.notCsv || detail === CSV_MESSAGES.empty) return detail;
  if (detail === CSV_MESSAGES.noHeaderDetail) return CSV_MESSAGES.noStudentTable;
  if (error instanceof ApiError) {
    if (error.kind === 'http' && detail) return CSV_MESSAGES.processFailed(detail);
    return CSV_MESSAGES.uploadFailed;
  }
  return CSV_MESSAGES.processFailed(error instanceof Error ? error.message : String(error));
}

type Step = { name: 'choose' } | { name: 'processing' } | { name: 'result' };

export function CsvImportDialog({ classId, existingEmails, onClose, onImported }: CsvImportDialogProps) {
  const ids = useId();
  const [format, setFormat] = useState<CsvFormat>('hmtm');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [hasHeader, setHasHeader] = useState(true);
  const [roles, setRoles] = useState<ColumnRole[]>([]);
  const [mappingError, setMappingError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [error, setError] = useState<string | null>(null);
  const [rows, setRows] = useState<ImportRow[]>([]);
  const [extractedCount, setExtractedCount] = useState(0);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [groupSelection, setGroupSelection] = useState<Record<string, Set<number>>>({});
  const [mergeNotes, setMergeNotes] = useState<string[]>([]);
  const [importing, setImporting] = useState(false);

  const loadPreview = async (next: File) => {
    try {
      const text = await readCsvFile(next);
      const built = buildPreview(text);
      if (built.records.length === 0) {
        setPreview(null);
        setFileError(CSV_MESSAGES.empty);
        return;
      }
      setPreview(built);
      setHasHeader(built.hasHeaderGuess);
      setRoles(guessRoles(built.hasHeaderGuess ? (built.records[0] ?? null) : null, built.columns));
    } catch (e) {
      setPreview(null);
      setFileError(extractionErrorMessage(e));
    }
  };

  const chooseFile = (next: File | null) => {
    setError(null);
    setMappingError(null);
    setPreview(null);
    const problem = checkCsvFile(next);
    setFile(problem ? null : next);
    setFileError(next ? problem : null);
    if (!problem && next && format === 'custom') void loadPreview(next);
  };

  const chooseFormat = (next: CsvFormat) => {
    setFormat(next);
    setError(null);
    setMappingError(null);
    if (next === 'custom' && file && !preview) void loadPreview(file);
  };

  const extract = async () => {
    setError(null);
    if (!file) {
      // Keep the reason the file was refused ('CSV-Datei ist leer') instead of replacing it.
      setFileError((current) => current ?? CSV_MESSAGES.notCsv);
      return;
    }
    let mapping = null;
    if (format === 'custom') {
      const built = buildMapping(roles, hasHeader, hasHeader ? (preview?.records[0] ?? []) : []);
      if (!built.ok) {
        setMappingError(built.error);
        return;
      }
      mapping = built.mapping;
    }
    setStep({ name: 'processing' });
    let extracted: CsvRow[];
    try {
      extracted = mapping ? await classesApi.extractCustom(file, mapping) : await classesApi.extractHmtm(file);
    } catch (e) {
      setStep({ name: 'choose' });
      if (isAbortError(e) && (e as ApiError).kind === 'aborted') return;
      setError(extractionErrorMessage(e));
      return;
    }
    if (extracted.length === 0) {
      setStep({ name: 'choose' });
      setError(CSV_MESSAGES.noStudents);
      return;
    }
    toast.success(CSV_MESSAGES.extracted(extracted.length));
    let withAccounts: ImportRow[] = extracted.map((r) => ({ ...r }));
    const emails = [...new Set(extracted.map((r) => emailKey(r.email)).filter(Boolean))];
    if (emails.length > 0) {
      try {
        const existing = await classesApi.checkStudentsExist(emails);
        const byEmail = new Map(Object.entries(existing).map(([email, s]) => [email.toLowerCase(), s]));
        withAccounts = withAccounts.map((r) => {
          const hit = byEmail.get(emailKey(r.email));
          return hit?.user_id ? { ...r, registeredUserId: hit.user_id } : r;
        });
      } catch {
        toast.error(CSV_MESSAGES.checkFailed);
      }
    }
    setRows(withAccounts);
    setExtractedCount(extracted.length);
    setSelected(new Set(withAccounts.filter((r) => !importProblem(r, existingEmails)).map((r) => r.row_id)));
    setGroupSelection({});
    setMergeNotes([]);
    setStep({ name: 'result' });
  };

  const groups = useMemo(() => findDuplicateGroups(rows), [rows]);
  const groupChecked = (email: string, rowId: number) => groupSelection[email]?.has(rowId) ?? true;
  const groupSelectedIds = (email: string, groupRows: ImportRow[]) => new Set(groupRows.filter((r) => groupChecked(email, r.row_id)).map((r) => r.row_id));

  const toggleGroupRow = (email: string, groupRows: ImportRow[], rowId: number) => {
    const current = groupSelectedIds(email, groupRows);
    if (current.has(rowId)) current.delete(rowId);
    else current.add(rowId);
    setGroupSelection((g) => ({ ...g, [email]: current }));
  };

  const merge = (email: string, groupRows: ImportRow[]) => {
    const ids = groupSelectedIds(email, groupRows);
    const result = mergeRows(rows, ids);
    if (!result) return;
    // A duplicate-e-mail error from an earlier import attempt is settled by merging.
    setError(null);
    setRows(result.rows);
    setSelected((s) => {
      const next = new Set([...s].filter((id) => !ids.has(id) || id === result.merged.row_id));
      if (!importProblem(result.merged, existingEmails)) next.add(result.merged.row_id);
      return next;
    });
    setGroupSelection((g) => {
      const next = { ...g };
      delete next[email];
      return next;
    });
    setMergeNotes((n) => [...n, CSV_MESSAGES.merged(result.count, result.minutes)]);
    toast.info(CSV_MESSAGES.mergedToast, 3000);
  };

  const selectable = rows.filter((r) => !importProblem(r, existingEmails));
  const allSelected = selectable.length > 0 && selectable.every((r) => selected.has(r.row_id));
  const chosen = rows.filter((r) => selected.has(r.row_id));

  const importSelected = async () => {
    setError(null);
    const duplicate = firstDuplicateEmail(chosen);
    if (duplicate) {
      setError(`Die E-Mail-Adresse ${duplicate} kommt in der Auswahl mehrfach vor. Bitte führe die Einträge zusammen oder wähle einen ab.`);
      return;
    }
    const registered = chosen.filter((r) => r.registeredUserId);
    const fresh = chosen.filter((r) => !r.registeredUserId);
    setImporting(true);
    try {
      if (fresh.length > 0) {
        await classesApi.addNew(
          classId,
          fresh.map((r) => ({ name: importName(r), duration: importDuration(r.dauer), email: r.email ? r.email.trim().toLowerCase() : null })),
        );
        // Imported rows leave the list, so a retry after a later failure does not add them twice.
        const done = new Set(fresh.map((r) => r.row_id));
        setRows((all) => all.filter((r) => !done.has(r.row_id)));
        setSelected((s) => new Set([...s].filter((id) => !done.has(id))));
      }
      if (registered.length > 0) {
        await classesApi.addRegistered(
          classId,
          registered.map((r) => ({ student_id: r.registeredUserId!, duration: importDuration(r.dauer) })),
        );
      }
      toast.success(`${chosen.length} Studierende erfolgreich importiert`);
      onImported();
    } catch (e) {
      const message = addMemberErrorMessage(e);
      setError(message);
      toast.error(message);
    } finally {
      setImporting(false);
    }
  };

  const previewTable = preview && format === 'custom' ? previewRows(preview, hasHeader) : null;

  const footer =
    step.name === 'result' ? (
      <>
        <Button variant="ghost" onClick={() => setStep({ name: 'choose' })} disabled={importing}>
          Zurück
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={importing}>
          Abbrechen
        </Button>
        <Button onClick={() => void importSelected()} loading={importing} disabled={chosen.length === 0}>
          {`Ausgewählte importieren (${chosen.length})`}
        </Button>
      </>
    ) : (
      <>
        <Button variant="secondary" onClick={onClose}>
          Abbrechen
        </Button>
        <Button onClick={() => void extract()} disabled={step.name === 'processing'} aria-busy={step.name === 'processing' || undefined}>
          {step.name === 'processing' ? CSV_MESSAGES.extractBusy : CSV_MESSAGES.extract}
        </Button>
      </>
    );

  return (
    <Dialog open onClose={onClose} title="CSV Import" size="lg" footer={footer} closeOnBackdrop={false} className="csv-dialog">
      {step.name === 'processing' && (
        <div className="csv__processing">
          <Spinner size="lg" label={CSV_MESSAGES.processing} showLabel />
        </div>
      )}

      {step.name === 'choose' && (
        <div className="csv">
          <fieldset className="csv__formats">
            <legend className="field__label">Format</legend>
            <label className={cx('csv__format', format === 'hmtm' && 'csv__format--active')}>
              <input type="radio" name={`${ids}-format`} value="hmtm" checked={format === 'hmtm'} onChange={() => chooseFormat('hmtm')} />
              <span>
                <strong>HMTM eOffice</strong>
                <span className="csv__format-note">Teilnehmerliste mit den Spalten Nachname, Vorname, E-Mail und optional Dauer</span>
              </span>
            </label>
            <label className={cx('csv__format', format === 'custom' && 'csv__format--active')}>
              <input type="radio" name={`${ids}-format`} value="custom" checked={format === 'custom'} onChange={() => chooseFormat('custom')} />
              <span>
                <strong>Benutzerdefiniert</strong>
                <span className="csv__format-note">Eigene Tabelle: du ordnest die Spalten selbst zu</span>
              </span>
            </label>
          </fieldset>

          <div className={cx('field', fileError && 'field--invalid')}>
            <label className="field__label" htmlFor={`${ids}-file`}>
              CSV-Datei
            </label>
            <input
              id={`${ids}-file`}
              className="control csv__file"
              type="file"
              accept=".csv,text/csv"
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? `${ids}-file-error` : undefined}
              onChange={(e) => chooseFile(e.target.files?.[0] ?? null)}
            />
            {fileError && (
              <p className="field__error" id={`${ids}-file-error`}>
                {fileError}
              </p>
            )}
          </div>

          {previewTable && preview && (
            <div className="csv__preview">
              <div className="csv__preview-head">
                <p className="field__label">Vorschau und Spaltenzuordnung</p>
                <Checkbox
                  label="Erste Zeile enthält Spaltenüberschriften"
                  checked={hasHeader}
                  onChange={(e) => {
                    setHasHeader(e.target.checked);
                    setMappingError(null);
                  }}
                />
              </div>
              <Table dense caption="Vorschau der ersten fünf Datenzeilen" captionHidden wrapperClassName="csv__preview-table">
                <thead>
                  <tr>
                    {previewTable.titles.map((title, i) => (
                      <th key={i} scope="col">
                        <span className="csv__col-title">{title}</span>
                        <span className="select-wrap">
                          <select
                            className="control control--select control--sm"
                            aria-label={`Zuordnung für ${title}`}
                            value={roles[i] ?? 'ignore'}
                            onChange={(e) => {
                              setRoles((r) => assignRole(r, i, e.target.value as ColumnRole));
                              setMappingError(null);
                            }}
                          >
                            {COLUMN_ROLE_OPTIONS.map((o) => (
                              <option key={o.value} value={o.value}>
                                {o.label}
                              </option>
                            ))}
                          </select>
                        </span>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {previewTable.rows.map((row, r) => (
                    <tr key={r}>
                      {previewTable.titles.map((_, c) => (
                        <td key={c}>{row[c] || '---'}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </Table>
              <p className="form-note">Trennzeichen erkannt: „{preview.delimiter}“ · Jede Rolle kann nur einer Spalte zugeordnet werden.</p>
              {mappingError && <Alert kind="error" title={mappingError} />}
            </div>
          )}

          {error && <Alert kind="error" title={error} />}
        </div>
      )}

      {step.name === 'result' && (
        <div className="csv">
          <Alert kind="success" title={CSV_MESSAGES.extracted(extractedCount)} />

          {mergeNotes.map((note, i) => (
            <Alert key={i} kind="info" title={note} />
          ))}

          {groups.length > 0 && (
            <section className="csv__duplicates" aria-labelledby={`${ids}-dups`}>
              <h3 className="csv__heading" id={`${ids}-dups`}>
                Doppelte Einträge
              </h3>
              {groups.map((group) => {
                const count = groupSelectedIds(group.email, group.rows).size;
                return (
                  <div key={group.email} className="csv__group" data-testid="duplicate-group">
                    <p className="csv__group-email">{group.email}</p>
                    <ul className="csv__group-rows">
                      {group.rows.map((r) => (
                        <li key={r.row_id}>
                          <Checkbox
                            label={`${importName(r) || '---'} · ${r.dauer ?? '---'} min`}
                            checked={groupChecked(group.email, r.row_id)}
                            onChange={() => toggleGroupRow(group.email, group.rows, r.row_id)}
                          />
                        </li>
                      ))}
                    </ul>
                    <Button size="sm" variant="secondary" disabled={count < 2} onClick={() => merge(group.email, group.rows)}>
                      {CSV_MESSAGES.mergeButton(count)}
                    </Button>
                  </div>
                );
              })}
            </section>
          )}

          <section aria-labelledby={`${ids}-students`}>
            <h3 className="csv__heading" id={`${ids}-students`}>
              Studierende
            </h3>
            <Table dense wrapperClassName="csv__result-table">
              <thead>
                <tr>
                  <th scope="col" className="csv__check-col">
                    <Checkbox
                      label="Alle auswählen"
                      labelHidden
                      checked={allSelected}
                      onChange={() => setSelected(allSelected ? new Set() : new Set(selectable.map((r) => r.row_id)))}
                    />
                  </th>
                  <th scope="col">Vorname</th>
                  <th scope="col">Nachname</th>
                  <th scope="col">E-Mail</th>
                  <th scope="col">Dauer (min)</th>
                  <th scope="col">Hinweis</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => {
                  const problem = importProblem(r, existingEmails);
                  const imported = importDuration(r.dauer);
                  const defaulted = imported !== r.dauer;
                  return (
                    <tr key={r.row_id} className={problem ? 'csv__row--problem' : undefined}>
                      <td className="csv__check-col">
                        <Checkbox
                          label={`${importName(r)} auswählen`}
                          labelHidden
                          disabled={Boolean(problem)}
                          checked={selected.has(r.row_id)}
                          onChange={() =>
                            setSelected((s) => {
                              const next = new Set(s);
                              if (next.has(r.row_id)) next.delete(r.row_id);
                              else next.add(r.row_id);
                              return next;
                            })
                          }
                        />
                      </td>
                      <td data-label="Vorname">{r.vorname || '---'}</td>
                      <td data-label="Nachname">{r.nachname || '---'}</td>
                      <td data-label="E-Mail">{r.email || '---'}</td>
                      <td data-label="Dauer (min)">{r.dauer ?? '---'}</td>
                      <td data-label="Hinweis" className="csv__hint">
                        {problem ??
                          [
                            r.registeredUserId ? 'registriert' : null,
                            r.mergedCount ? `${r.mergedCount} zusammengeführt` : null,
                            defaulted ? `wird mit ${imported} min übernommen` : null,
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
            <p className="form-note">
              Fehlt die Dauer oder ist sie ungültig (nicht in 15-Minuten-Schritten), wird sie mit 30 min übernommen; mehr als 120 Minuten (z.B. nach dem
              Zusammenführen) werden mit 120 min übernommen.
            </p>
          </section>
          {error && <Alert kind="error" title={error} />}
        </div>
      )}
    </Dialog>
  );
}
