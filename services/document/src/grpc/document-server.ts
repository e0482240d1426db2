import { AppError, wrapUnary, type GrpcServiceBinding, type Logger } from '@stundenplan/base';
import { documentV1 } from '@stundenplan/proto';
import { exportSchedulePdf, PDF_FAILED_DETAIL, type PdfExportDeps } from '../pdf/export-schedule-pdf.js';
import { PdfBusyError, PdfUnavailableError } from '../pdf/pdf-renderer.js';

/** Same limit as the HTTP JSON body. */
export const MAX_PAYLOAD_BYTES = 1024 * 1024;

/**
 * DocumentService for the notification service (PDF attachment when sending a timetable).
 * Errors: INVALID_ARGUMENT with the German detail of the HTTP route, RESOURCE_EXHAUSTED for an
 * oversized payload, UNAVAILABLE without Chromium (or when busy), INTERNAL 'PDF-Generierung fehlgeschlagen'.
 */
export function documentGrpc(deps: PdfExportDeps, log: Logger): GrpcServiceBinding {
  const implementation: documentV1.DocumentServiceServer = {
    renderSchedulePdf: wrapUnary(log, async (req: documentV1.RenderSchedulePdfRequest): Promise<documentV1.RenderSchedulePdfResponse> => {
      const json = req.payloadJson ?? '';
      if (Buffer.byteLength(json, 'utf8') > MAX_PAYLOAD_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'Die Anfrage ist zu groß');
      let payload: unknown = {};
      if (json.trim() !== '') {
        try {
          payload = JSON.parse(json);
        } catch {
          throw AppError.badRequest('Ungültiger JSON-Inhalt');
        }
      }
      try {
        return { pdf: await exportSchedulePdf(deps, payload) };
      } catch (err) {
        if (err instanceof AppError) throw err;
        if (err instanceof PdfUnavailableError || err instanceof PdfBusyError) throw new AppError('UNAVAILABLE', err.message, { cause: err });
        throw new AppError('INTERNAL', PDF_FAILED_DETAIL, { cause: err });
      }
    }),
  };
  return { definition: documentV1.DocumentServiceService, implementation };
}
