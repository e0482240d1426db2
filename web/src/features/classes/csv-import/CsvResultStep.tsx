// Step 2 of the CSV import: the extracted rows with their hints, duplicate groups to merge, and the selection.
import { importDuration } from '@stundenplan/contracts/csv-rules';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { Table } from '../../../shared/ui/Table';
import { importName, importProblem } from '../csv';
import { Checkbox } from '../local-ui';
import { CSV_MESSAGES } from '../messages';
import type { CsvImport } from './use-csv-import';

export function CsvResultStep({ wizard, ids, existingEmails }: { wizard: CsvImport; ids: string; existingEmails: ReadonlySet<string> }) {
  return (
    <div className="csv">
      <Alert kind="success" title={CSV_MESSAGES.extracted(wizard.extractedCount)} />

      {wizard.mergeNotes.map((note, i) => (
        <Alert key={i} kind="info" title={note} />
      ))}

      {wizard.groups.length > 0 && (
        <section className="csv__duplicates" aria-labelledby={`${ids}-dups`}>
          <h3 className="csv__heading" id={`${ids}-dups`}>
            Doppelte Einträge
          </h3>
          {wizard.groups.map((group) => {
            const count = wizard.groupSelectedIds(group.email, group.rows).size;
            return (
              <div key={group.email} className="csv__group" data-testid="duplicate-group">
                <p className="csv__group-email">{group.email}</p>
                <ul className="csv__group-rows">
                  {group.rows.map((r) => (
                    <li key={r.row_id}>
                      <Checkbox
                        label={`${importName(r) || '---'} · ${r.dauer ?? '---'} min`}
                        checked={wizard.groupChecked(group.email, r.row_id)}
                        onChange={() => wizard.toggleGroupRow(group.email, group.rows, r.row_id)}
                      />
                    </li>
                  ))}
                </ul>
                <Button size="sm" variant="secondary" disabled={count < 2} onClick={() => wizard.merge(group.email, group.rows)}>
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
                <Checkbox label="Alle auswählen" labelHidden checked={wizard.allSelected} onChange={wizard.toggleAll} />
              </th>
              <th scope="col">Vorname</th>
              <th scope="col">Nachname</th>
              <th scope="col">E-Mail</th>
              <th scope="col">Dauer (min)</th>
              <th scope="col">Hinweis</th>
            </tr>
          </thead>
          <tbody>
            {wizard.rows.map((r) => {
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
                      checked={wizard.selected.has(r.row_id)}
                      onChange={() => wizard.toggleRow(r.row_id)}
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
        <p className="form-note">{CSV_MESSAGES.durationNote}</p>
      </section>
      {wizard.error && <Alert kind="error" title={wizard.error} />}
    </div>
  );
}
