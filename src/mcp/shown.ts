const SHOWN_LENGTH = 60;

/** A value a client sent, as JSON for a message, cut short when long so no message repeats a whole body. */
export function shown(value: unknown): string {
  const json = JSON.stringify(value);
  if (json.length <= SHOWN_LENGTH) return json;
  const what = typeof value === 'string' ? `a string of ${value.length} characters` : 'a value';
  return `${what} starting ${json.slice(0, SHOWN_LENGTH)}…`;
}
