import { importDuration } from '@stundenplan/contracts/csv-rules';
import { useMutation } from '@tanstack/react-query';
import { classesApi } from '../classes-api';
import { importName, type ImportRow } from '../csv';

/** New rows via members/new, rows of registered students via members; `onRowsDone` hears of the new ones at once. */
export function useImportRows(classId: string, onRowsDone: (rowIds: Set<number>) => void) {
  return useMutation({
    mutationFn: async (chosen: ImportRow[]) => {
      const registered = chosen.filter((r) => r.registeredUserId);
      const fresh = chosen.filter((r) => !r.registeredUserId);
      if (fresh.length > 0) {
        await classesApi.addNew(
          classId,
          fresh.map((r) => ({ name: importName(r), duration: importDuration(r.dauer), email: r.email ? r.email.trim().toLowerCase() : null })),
        );
        onRowsDone(new Set(fresh.map((r) => r.row_id)));
      }
      if (registered.length > 0) {
        await classesApi.addRegistered(
          classId,
          registered.map((r) => ({ student_id: r.registeredUserId!, duration: importDuration(r.dauer) })),
        );
      }
    },
  });
}
