import type { NextFunction, Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { AppError } from './errors.js';
import { rejectControlCharactersInBody } from './http.js';

export interface UploadOptions {
  /** Names of the file fields; each takes at most one file. */
  fileFields: readonly string[];
  /** Largest file in bytes. */
  maxFileBytes: number;
  /** German detail of the 413 for a larger file, e.g. 'Die Datei ist zu groß (maximal 5 MB)'. */
  tooLarge: string;
}

/**
 * A multipart upload kept in memory (docs/product/limits.md): at most one file per named field, text fields
 * checked for control characters like JSON bodies. A larger file is a 413 with `tooLarge`, any other
 * limit or a malformed body a 400 'Ungültiger Upload'. A request that is not multipart passes untouched
 * (its JSON body was parsed already). Files: `uploadedFile(req, name)`.
 */
export function multipartUpload({ fileFields, maxFileBytes, tooLarge }: UploadOptions): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxFileBytes, files: fileFields.length, fields: 10, fieldSize: 64 * 1024 },
  }).fields(fileFields.map((name) => ({ name, maxCount: 1 })));
  return (req: Request, res: Response, next: NextFunction): void => {
    upload(req, res, (err?: unknown) => {
      if (!err) return rejectControlCharactersInBody(req, res, next);
      const code = (err as { code?: unknown }).code;
      if (code === 'LIMIT_FILE_SIZE') return next(new AppError('PAYLOAD_TOO_LARGE', tooLarge));
      next(typeof code === 'string' && code.startsWith('LIMIT_') ? err : AppError.badRequest('Ungültiger Upload'));
    });
  };
}

/** The uploaded file of a field (see multipartUpload), or undefined. */
export function uploadedFile(req: Request, field: string): { buffer: Buffer; originalname: string } | undefined {
  const files = req.files as Record<string, { buffer: Buffer; originalname: string }[] | undefined> | undefined;
  return files?.[field]?.[0];
}
