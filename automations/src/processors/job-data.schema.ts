import { z } from 'zod';

export const contractIdSchema = z.string().min(1);
export const partyIdSchema = z.string().regex(/^[^:]+::[0-9a-f]+$/, 'expected a party id');
export const roundSchema = z.string().regex(/^\d+$/, 'expected a round number');
export const noData = z.object({}).passthrough();
