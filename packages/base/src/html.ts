import escape from 'escape-html';

/** HTML-escapes text (& < > " ') for element content and quoted attribute values of mails and pages. */
export function escapeHtml(value: string): string {
  return escape(value);
}
