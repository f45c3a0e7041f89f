import { memo } from './memo.ts';

/** Distinct client addresses whose key is kept. */
const KEPT_ADDRESSES = 4096;

/**
 * The limiter key of a client address: IPv4 as it is, IPv6 grouped by its /64 prefix
 * (one subscriber usually holds a whole /64), IPv4-mapped IPv6 as the IPv4 address.
 */
export function clientKey(address: string | null | undefined): string {
  return address ? keyOf(address) : 'unknown';
}

const keyOf = memo(KEPT_ADDRESSES, (address: string): string => {
  const bare = withoutPort(address.trim()).replace(/%.*$/, '');
  if (!bare.includes(':')) return bare;
  const mapped = /^(?:0*:)*(?:0*:)?ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped?.[1]) return mapped[1];
  return `${prefix64(bare.toLowerCase())}::/64`;
});

/**
 * The address of `[ipv6]:port` and `ipv4:port` (as some proxies write forwarding headers). A bare
 * IPv6 address is left whole: its last group is not a port.
 */
function withoutPort(address: string): string {
  const bracketed = /^\[([^\]]*)\](?::\d+)?$/.exec(address);
  if (bracketed) return bracketed[1]!;
  const ipv4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(address);
  return ipv4 ? ipv4[1]! : address;
}

/** The first four groups of an IPv6 address, each without leading zeros. */
function prefix64(address: string): string {
  const gap = address.indexOf('::');
  const head = gap === -1 ? address : address.slice(0, gap);
  const groups = head === '' ? [] : head.split(':', 4);
  if (groups.length < 4) {
    const tail = gap === -1 ? '' : address.slice(gap + 2);
    const tailGroups = tail === '' ? 0 : tail.split(':').length + (tail.includes('.') ? 1 : 0);
    const zeros = 8 - groups.length - tailGroups;
    for (let i = 0; i < zeros && groups.length < 4; i++) groups.push('0');
    if (groups.length < 4) groups.push(...tail.split(':').slice(0, 4 - groups.length));
  }
  return groups.map(withoutLeadingZeros).join(':');
}

function withoutLeadingZeros(group: string): string {
  let start = 0;
  while (start < group.length - 1 && group.charCodeAt(start) === 48) start++;
  return start === 0 ? group : group.slice(start);
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
