import { useId } from 'react';
import { PLANNER_TEXTS } from '../model/texts';

/** Who gets the schedule mail (docs/product/documents.md "Sending schedules"); the server's `recipients`. */
export type SendRecipients = 'changed' | 'all';

/** The send dialog's counts: students with an address, those whose lessons changed since the last sending. */
export interface SendCounts {
  all: number;
  changed: number;
  /** The class has a sending to compare with (else everybody counts as changed). */
  sent_before: boolean;
}

const students = (n: number) => (n === 1 ? '1 Studierende*r' : `${n} Studierende`);

export const SEND_RECIPIENT_TEXTS = {
  legend: 'Wer bekommt eine E-Mail?',
  changed: (n: number) => `Nur wessen Stunden sich geändert haben (${students(n)})`,
  all: (n: number) => `An alle (${students(n)})`,
  firstSending: (n: number) => `Der Plan geht zum ersten Mal hinaus: ${students(n)} bekommen eine E-Mail.`,
  noneChanged: 'Seit dem letzten Versand hat sich an keiner Stunde etwas geändert.',
  loading: 'Empfänger*innen werden gezählt …',
  /** The success notice after sending: how many got the mail, and who was left out by the daily limit per recipient. */
  sent: (count: number, skipped: number) => {
    const head = count === 0 ? 'Stundenplan gespeichert. Niemand bekommt eine E-Mail: An keiner Stunde hat sich etwas geändert.' : PLANNER_TEXTS.sent(count);
    if (!skipped) return head;
    return `${head} ${skipped === 1 ? '1 Studierende*r bekommt' : `${skipped} Studierende bekommen`} heute keine E-Mail mehr: An ${skipped === 1 ? 'diese Adresse' : 'ihre Adressen'} wurden heute schon zu viele E-Mails geschickt.`;
  },
} as const;

/**
 * In the send dialog: only the students whose lessons changed (the default) or all of them, each with how many
 * get a mail. Before the first sending everybody gets one, and there is nothing to choose.
 */
export function SendRecipientsChoice({
  counts,
  value,
  onChange,
}: {
  counts: SendCounts | null;
  value: SendRecipients;
  onChange: (value: SendRecipients) => void;
}) {
  const name = useId();
  const legendId = useId();
  if (!counts) return <p className="muted send-recipients">{SEND_RECIPIENT_TEXTS.loading}</p>;
  if (!counts.sent_before) return <p className="send-recipients">{SEND_RECIPIENT_TEXTS.firstSending(counts.all)}</p>;
  return (
    <div className="send-recipients" role="radiogroup" aria-labelledby={legendId} data-testid="send-recipients">
      <span className="field__label" id={legendId}>
        {SEND_RECIPIENT_TEXTS.legend}
      </span>
      <label className="send-recipients__option">
        <input type="radio" name={name} checked={value === 'changed'} onChange={() => onChange('changed')} />
        {SEND_RECIPIENT_TEXTS.changed(counts.changed)}
      </label>
      <label className="send-recipients__option">
        <input type="radio" name={name} checked={value === 'all'} onChange={() => onChange('all')} />
        {SEND_RECIPIENT_TEXTS.all(counts.all)}
      </label>
      {value === 'changed' && counts.changed === 0 && <p className="muted">{SEND_RECIPIENT_TEXTS.noneChanged}</p>}
    </div>
  );
}

/** What the send dialog adds to name and description. */
export interface SendOptions {
  /** Last day of the lessons in the calendar files (YYYY-MM-DD). */
  until: string;
  /** The personal message for the mail; empty for none. */
  message: string;
  /** Only the students whose lessons changed (the default) or all. */
  recipients: SendRecipients;
}
