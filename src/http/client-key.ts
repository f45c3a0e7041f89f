/**
 * The limiter key of a client address: IPv4 as it is, IPv6 grouped by its /64 prefix
 * (one subscriber usually holds a whole /64), IPv4-mapped IPv6 as the IPv4 address.
 */
export function clientKey(address: string | null | undefined): string {
  if (!address) return 'unknown';
  const bare = address
    .trim()
    .replace(/^\[|\](:\d+)?$/g, '')
    .replace(/%.*$/, '');
  if (!bare.includes(':')) return bare;
  const mapped = /^(?:0*:)*(?:0*:)?ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped?.[1]) return mapped[1];
  return `${ipv6Groups(bare).slice(0, 4).join(':')}::/64`;
}

function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('::', 2);
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = Math.max(0, 8 - left.length - right.length);
  const groups = [...left, ...Array<string>(missing).fill('0'), ...right];
  return groups.map((group) =>
    group.includes('.') ? group : (Number.parseInt(group, 16) || 0).toString(16),
  );
}

/**
 * The client address when a trusted proxy header is configured: the last hop of a comma-separated
 * list is the one the nearest (trusted) proxy appended; anything before it could be invented.
 */
export function addressFromHeader(headers: Headers, header: string): string | null {
  const value = headers.get(header);
  if (!value) return null;
  const hops = value.split(',');
  return hops[hops.length - 1]?.trim() || null;
}
