/** An origin in its serialized form (`https://app.example`), or null when `text` is not just an origin (RFC 6454). */
export function originOf(text: string): string | null {
  try {
    const url = new URL(text);
    return url.origin !== 'null' && url.href === `${url.origin}/` ? url.origin : null;
  } catch {
    return null;
  }
}
