import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { semesterQuery } from '../../../../shared/data/semester';
import { useLatest } from '../../../../shared/hooks/use-latest';
import { saveFile } from '../../../../shared/save-file';
import { toast } from '../../../../shared/toast';
import { PLANNER_TEXTS } from '../model/texts';
import { exportablePlan, requestPdf, type PdfInput } from './pdf-export';
import { wasAborted } from './save-errors';

/** The PDF of the plan: rendered for sending, or downloaded as stundenplan.pdf (docs/product/planning.md "PDF export"). */
export function usePdfActions(classId: string, pdfInput: () => PdfInput) {
  const inputRef = useLatest(pdfInput);
  const queryClient = useQueryClient();
  // The PDF names the class's semester: read (fresh) right before rendering; without one, or when it cannot be read, none.
  const withSemester = useCallback(
    async (input: PdfInput): Promise<PdfInput> =>
      classId ? { ...input, semester: await queryClient.fetchQuery(semesterQuery(classId)).catch(() => null) } : input,
    [classId, queryClient],
  );
  const render = useMutation({ mutationFn: async (input: PdfInput) => requestPdf(await withSemester(input)) });
  const download = useMutation({ mutationFn: async (input: PdfInput) => saveFile(await requestPdf(await withSemester(input)), 'stundenplan.pdf') });
  const { mutateAsync: downloadAsync } = download;

  const downloadPdf = useCallback(async () => {
    const input = inputRef.current();
    if (!exportablePlan(input)) {
      toast.error(PLANNER_TEXTS.nothingToExport);
      return;
    }
    try {
      await downloadAsync(input);
    } catch (e) {
      if (wasAborted(e)) return;
      console.warn('PDF Export fehlgeschlagen', e);
      toast.error(PLANNER_TEXTS.pdfFailed);
      window.alert(PLANNER_TEXTS.pdfAlert);
    }
  }, [inputRef, downloadAsync]);

  return { renderPdf: render.mutateAsync, rendering: render.isPending, downloadPdf, downloading: download.isPending };
}
