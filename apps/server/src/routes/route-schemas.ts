import { z } from 'zod';
import { errorBodySchema, recordReferenceSchema } from '@fleetlab/warehouse';
import type { CallLimits } from '../http/call-limits.ts';
import type { Services } from '../services/index.ts';

/** What every route plugin is registered with. */
export interface RouteDependencies {
  services: Services;
  /** The per-account limits of the expensive calls. */
  callLimits: CallLimits;
}

export const idParamsSchema = z.object({ id: recordReferenceSchema });

/** Answers every protected route can give besides its own. */
export const protectedErrorResponses = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

export const bearerSecurity = [{ bearerAuth: [] }];

/** A 304: the If-None-Match tag names the current answer (finished solves, lists). */
export const notModifiedSchema = z.undefined().describe('Not modified: the If-None-Match tag is current');
