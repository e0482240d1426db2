import { AppError, containsControlCharacters, INPUT_MESSAGES, jsonTooDeep } from '@stundenplan/base';
import express, { type Request, type Response } from 'express';

const readRaw = (limitBytes: number) => express.raw({ type: ['application/json', 'application/*+json'], limit: limitBytes });

/**
 * JSON bodies are read here (at most 1 MB, checked by the declared length before) and refused before
 * proxying when nested too deep, not JSON, or holding control characters (AppError 400). The parsed
 * body is returned for the rate limits (per-account keys); the service receives the original bytes
 * unchanged (`rawBody`, see proxy.ts). Other content types are left to stream through.
 */
export function createJsonBodyGuard(limitBytes: number) {
  const read = readRaw(limitBytes);
  return async (req: Request & { rawBody?: Buffer }, res: Response): Promise<unknown> => {
    await new Promise<void>((resolve, reject) => read(req, res, (err?: unknown) => (err ? reject(err as Error) : resolve())));
    const buf = req.body as unknown;
    req.body = undefined;
    if (!Buffer.isBuffer(buf) || buf.length === 0) return undefined;
    req.rawBody = buf;
    if (jsonTooDeep(buf)) throw AppError.badRequest(INPUT_MESSAGES.tooDeep);
    let parsed: unknown;
    try {
      parsed = JSON.parse(buf.toString('utf8'));
    } catch {
      throw AppError.badRequest('Ungültiger JSON-Inhalt');
    }
    if (containsControlCharacters(parsed)) throw AppError.badRequest(INPUT_MESSAGES.controlCharacters);
    req.body = parsed;
    return parsed;
  };
}
