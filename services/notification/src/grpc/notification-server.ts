import { wrapUnary, type GrpcServiceBinding, type Logger } from '@stundenplan/base';
import { notificationV1 } from '@stundenplan/proto';
import type { NotificationDeps } from '../domain/deps.js';

/** NotificationService.ListMails: newest first (default 50, at most 500). */
export function notificationGrpc(deps: NotificationDeps, log: Logger): GrpcServiceBinding {
  const implementation: notificationV1.NotificationServiceServer = {
    listMails: wrapUnary<notificationV1.ListMailsRequest, notificationV1.ListMailsResponse>(log, async (req) => {
      const limit = req.limit > 0 ? Math.min(req.limit, 500) : 50;
      const rows = await deps.mails.list({ limit });
      return {
        mails: rows.map((m) => ({
          id: m.id,
          to: m.toAddress,
          subject: m.subject,
          text: m.textBody,
          html: m.htmlBody ?? '',
          sentAt: (m.sentAt ?? m.createdAt).toISOString(),
          attachmentNames: m.attachments.map((a) => a.filename),
        })),
      };
    }),
  };
  return { definition: notificationV1.NotificationServiceService, implementation };
}
