// Step 1 of the CSV import: format, file and (custom format) the column mapping on a preview.
import { Alert } from '../../../shared/ui/Alert';
import { cx } from '../../../shared/ui/cx';
import { Table } from '../../../shared/ui/Table';
import { COLUMN_ROLE_OPTIONS, previewRows, type ColumnRole } from '../csv';
import { Checkbox } from '../local-ui';
import type { CsvImport } from './use-csv-import';

export function CsvChooseStep({ wizard, ids }: { wizard: CsvImport; ids: string }) {
  const { preview } = wizard;
  const previewTable = preview && wizard.format === 'custom' ? previewRows(preview, wizard.hasHeader) : null;
  return (
    <div className="csv">
      <fieldset className="csv__formats">
        <legend className="field__label">Format</legend>
        <label className={cx('csv__format', wizard.format === 'hmtm' && 'csv__format--active')}>
          <input type="radio" name={`${ids}-format`} value="hmtm" checked={wizard.format === 'hmtm'} onChange={() => wizard.chooseFormat('hmtm')} />
          <span>
            <strong>HMTM eOffice</strong>
            <span className="csv__format-note">Teilnehmerliste mit den Spalten Nachname, Vorname, E-Mail und optional Dauer</span>
          </span>
        </label>
        <label className={cx('csv__format', wizard.format === 'custom' && 'csv__format--active')}>
          <input type="radio" name={`${ids}-format`} value="custom" checked={wizard.format === 'custom'} onChange={() => wizard.chooseFormat('custom')} />
          <span>
            <strong>Benutzerdefiniert</strong>
            <span className="csv__format-note">Eigene Tabelle: du ordnest die Spalten selbst zu</span>
          </span>
        </label>
      </fieldset>

      <div className={cx('field', wizard.fileError && 'field--invalid')}>
        <label className="field__label" htmlFor={`${ids}-file`}>
          CSV-Datei
        </label>
        <input
          id={`${ids}-file`}
          className="control csv__file"
          type="file"
          accept=".csv,text/csv"
          aria-invalid={wizard.fileError ? true : undefined}
          aria-describedby={wizard.fileError ? `${ids}-file-error` : undefined}
          onChange={(e) => wizard.chooseFile(e.target.files?.[0] ?? null)}
        />
        {wizard.fileError && (
          <p className="field__error" id={`${ids}-file-error`}>
            {wizard.fileError}
          </p>
        )}
      </div>

      {previewTable && preview && (
        <div className="csv__preview">
          <div className="csv__preview-head">
            <p className="field__label">Vorschau und Spaltenzuordnung</p>
            <Checkbox label="Erste Zeile enthält Spaltenüberschriften" checked={wizard.hasHeader} onChange={(e) => wizard.setHeader(e.target.checked)} />
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
                        value={wizard.roles[i] ?? 'ignore'}
                        onChange={(e) => wizard.setRole(i, e.target.value as ColumnRole)}
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
          {wizard.mappingError && <Alert kind="error" title={wizard.mappingError} />}
        </div>
      )}

      {wizard.error && <Alert kind="error" title={wizard.error} />}
    </div>
  );
}
