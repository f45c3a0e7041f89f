/** A strong validator from the body bytes: two 32-bit FNV-1a hashes with different offsets. */
export function etagOf(bytes: Uint8Array): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ bytes.length;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    a = Math.imul(a ^ byte, 0x01000193);
    b = Math.imul(b ^ byte, 0x5bd1e995);
  }
  return `"${(a >>> 0).toString(36)}${(b >>> 0).toString(36)}-${bytes.length.toString(36)}"`;
}
