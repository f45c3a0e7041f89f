/**
 * The answer to an unexpected error on /mcp: JSON-RPC's internal error (-32603) with status 500,
 * echoing the request's id when it was read, else null. It says nothing of the error itself.
 */
import { INTERNAL_ERROR } from '../core/json-rpc-codes.ts';
import { errorMessage, type RequestId } from './json-rpc.ts';

export const INTERNAL_ERROR_STATUS = 500;

const INTERNAL = {
  code: INTERNAL_ERROR,
  message: 'Internal error: the request could not be completed; sending it again is safe.',
};

const encoder = new TextEncoder();

export const internalErrorBody = (id: RequestId | null): Uint8Array =>
  encoder.encode(errorMessage(id, INTERNAL));
