/** RFC 9457 problem details as the API documents them (spec section 2.5 and 7). */
import { ERROR_KINDS, type ErrorCode } from '../core/errors.ts';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  error: { code: ErrorCode; message: string; hint: string; documentation_url: string };
}

export function problem(
  baseUrl: string,
  code: ErrorCode,
  detail: string,
  instance: string,
  hint?: string,
): Problem {
  const kind = ERROR_KINDS[code];
  return {
    type: `${baseUrl}/developers#${kind.anchor}`,
    title: kind.title,
    status: kind.status,
    detail,
    instance,
    error: { code, message: detail, hint: hint ?? kind.hint, documentation_url: `${baseUrl}/developers` },
  };
}
