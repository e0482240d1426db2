// Shapes several areas share (docs/product/data.md, docs/product/times.md).
import { z } from 'zod';

/** docs/product/times.md "Times map": day index "0"…"6" -> slot labels "0.00" … "23.45". */
export const timesMap = z.record(z.string(), z.array(z.string())).meta({ description: 'Times map: day index "0"-"6" -> slot labels "0.00"-"23.45".' });

/** An answer that only carries a German message. */
export const messageAnswer = z.object({ message: z.string() });

/** A UUID in a path or body (never validated as a format here: services answer their own German 400/404). */
export const id = z.string();
