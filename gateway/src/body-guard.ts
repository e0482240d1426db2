import type { ClientRequest } from 'node:http';
import { AppError, containsControlCharacters, INPUT_MESSAGES, jsonTooDeep } from '@stundenplan/base';
import express, { type NextFunction, type Request, type Response } from 'express';

type BufferedRequest = Request & { rawBody?: Buffer };

/**
 * JSON bodies are read here (they are at most 1 MB, checked by the declared length before) and
 * refused before proxying when nested too deep, not JSON, or holding control characters. The
 * parsed body is kept for the rate limits (per-account keys); the service receives the original
 * bytes unchanged (see writeBufferedBody).
 */
export function jsonBodyGuard(limitBytes: number, skip: (req: Request) => boolean) {
  const read = express.raw({ type: ['application/json', 'application/*+json'], limit: limitBytes });
  return (req: Request, res: Response, next: NextFunction) => {
    if (skip(req)) return next();
    read(req, res, (err?: unknown) => {
      if (err) return next(err);
      const buf = req.body as unknown;
      req.body = undefined;
      if (!Buffer.isBuffer(buf) || buf.length === 0) return next();
      (req as BufferedRequest).rawBody = buf;
      if (jsonTooDeep(buf)) return next(AppError.badRequest(INPUT_MESSAGES.tooDeep));
      let parsed: unknown;
      try {
        parsed = JSON.parse(buf.toString('utf8'));
      } catch {
        return next(AppError.badRequest('Ungültiger JSON-Inhalt'));
      }
      if (containsControlCharacters(parsed)) return next(AppError.badRequest(INPUT_MESSAGES.controlCharacters));
      req.body = parsed;
      next();
    });
  };
}

/** http-proxy `proxyReq` hook: a body the gateway already read goes upstream byte for byte. */
export function writeBufferedBody(proxyReq: ClientRequest, req: Request): void {
  const raw = (req as BufferedRequest).rawBody;
  if (!raw || !req.readableEnded) return;
  proxyReq.setHeader('Content-Length', raw.length);
  proxyReq.write(raw);
}
