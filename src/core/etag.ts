/**
 * A strong validator from a body's bytes: two 32-bit FNV-1a hashes with different primes, and the
 * length. The bytes may come in pieces (the build hashes a large body while writing it), so the
 * validator of a body written in parts is the one its whole bytes give.
 */
export function etagHasher() {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  let length = 0;
  return {
    update(bytes: Uint8Array) {
      let x = a;
      let y = b;
      for (let i = 0; i < bytes.length; i++) {
        const byte = bytes[i]!;
        x = Math.imul(x ^ byte, 0x01000193);
        y = Math.imul(y ^ byte, 0x5bd1e995);
      }
      a = x;
      b = y;
      length += bytes.length;
    },
    etag: () => `"${(a >>> 0).toString(36)}${(b >>> 0).toString(36)}-${length.toString(36)}"`,
  };
}

export function etagOf(bytes: Uint8Array): string {
  const hasher = etagHasher();
  hasher.update(bytes);
  return hasher.etag();
}
