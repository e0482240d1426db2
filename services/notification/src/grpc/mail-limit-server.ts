import { AppError, wrapUnary, type GrpcServiceBinding, type Logger } from '@stundenplan/base';
import { notificationV1 } from '@stundenplan/proto';
import { berlinToday } from '@stundenplan/timegrid';
import type { NotificationDeps } from '../domain/deps.js';
import { EMAIL_RE } from '../domain/mail-request.js';
import { exemptFromRecipientLimit, recipientLimit, secondsUntilBerlinMidnight } from '../domain/recipient-limit.js';

/** MailLimitService: whether one more mail to an address fits its daily limit (asked by callers that wait, e.g. auth). */
export function mailLimitGrpc(deps: () => NotificationDeps, log: Logger): GrpcServiceBinding {
  const implementation: notificationV1.MailLimitServiceServer = {
    checkMailRecipient: wrapUnary(log, async (req: notificationV1.CheckMailRecipientRequest): Promise<notificationV1.CheckMailRecipientResponse> => {
      const address = req.address.trim();
      if (!EMAIL_RE.test(address)) throw AppError.badRequest('Ungültige Anfrage');
      const d = deps();
      const limit = recipientLimit(d.cfg, req.confirmed);
      const sentToday = (await d.recipientCounts.counts([address], berlinToday())).get(address) ?? 0;
      const allowed = exemptFromRecipientLimit(d.cfg, address) || sentToday < limit;
      return { allowed, sentToday, limit, waitSeconds: allowed ? 0 : secondsUntilBerlinMidnight() };
    }),
  };
  return { definition: notificationV1.MailLimitServiceService, implementation };
}
