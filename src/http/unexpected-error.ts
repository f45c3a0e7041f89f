/**
 * The log line of an error no answer expected: the method, the path and the error with its stack,
 * for the operator. The client's answer never carries any of it.
 */
export function logUnexpectedError(method: string, path: string, error: unknown): void {
  const described =
    error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  console.error(`folio: unexpected error on ${method} ${path}: ${described}`);
}
