import { z } from 'zod';
import { errorBodySchema, recordReferenceSchema } from '@fleetlab/warehouse';

export const idParamsSchema = z.object({ id: recordReferenceSchema });

/** Answers every protected route can give besides its own. */
export const protectedErrorResponses = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

export const bearerSecurity = [{ bearerAuth: [] }];

