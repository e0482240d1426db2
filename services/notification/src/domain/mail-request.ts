import { z } from 'zod';

export const EMAIL_RE = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>.]{2,}$/;
const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

const schema = z.object({
  to: z.string().trim().regex(EMAIL_RE),
  subject: z.string().min(1).max(998),
  text: z.string(),
  html: z.string().nullish(),
  replyTo: z.string().trim().regex(EMAIL_RE).nullish(),
  attachments: z
    .array(
      z
        .object({
          filename: z.string().min(1).max(255),
          contentType: z.string().min(1).max(255),
          contentBase64: z.string().optional(),
          /** Bytes stored once in mail_blobs by the sender (schedule sendings). */
          blobSha256: z
            .string()
            .regex(/^[0-9a-f]{64}$/)
            .optional(),
        })
        .refine((a) => (a.contentBase64 === undefined) !== (a.blobSha256 === undefined), 'either contentBase64 or blobSha256'),
    )
    .max(20)
    .nullish(),
  to_confirmed: z.boolean().optional(),
});

export interface ValidMailRequest {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  replyTo: string | null;
  /** Inline bytes, or a reference (blobSha256) the handler resolves from mail_blobs. */
  files: { filename: string; contentType: string; content?: Buffer; blobSha256?: string }[];
  /** The publisher knows `to` as a confirmed account's address (the higher daily limit per recipient). */
  confirmed: boolean;
}

/** What the bus's schema of mail.requested.v1 cannot check (addresses, sizes): a request that can never be sent is reported (and recorded as invalid), not retried. */
export function validateMailRequest(payload: unknown): { ok: true; mail: ValidMailRequest } | { ok: false; error: string } {
  const r = schema.safeParse(payload);
  if (!r.success) return { ok: false, error: r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
  const files = (r.data.attachments ?? []).map((a) =>
    a.blobSha256
      ? { filename: a.filename, contentType: a.contentType, blobSha256: a.blobSha256 }
      : { filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64!, 'base64') },
  );
  if (files.reduce((n, f) => n + (f.content?.length ?? 0), 0) > MAX_ATTACHMENT_BYTES) return { ok: false, error: 'attachments larger than 10 MB' };
  return {
    ok: true,
    mail: {
      to: r.data.to,
      subject: r.data.subject,
      text: r.data.text,
      html: r.data.html ?? null,
      replyTo: r.data.replyTo ?? null,
      files,
      confirmed: r.data.to_confirmed === true,
    },
  };
}
