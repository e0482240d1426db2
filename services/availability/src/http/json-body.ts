import { bodyObject } from '@stundenplan/base';
import type { Request } from 'express';

/** The JSON body as an object; anything else (no body, an array, a string) reads as {} (then checked by its contract). */
export const jsonBody = (req: Request): Record<string, unknown> => bodyObject(req);
