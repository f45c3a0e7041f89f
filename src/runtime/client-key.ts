import { memo } from './memo.ts';

/** Distinct client addresses whose key is kept. */
const KEPT_ADDRESSES = 4096;

/**
 * The limiter key of a client address: IPv4 in its plain dotted form, IPv6 grouped by its /64
 * prefix (one subscriber usually holds a whole /64), and an IPv4-mapped IPv6 address (`::ffff:…`,
 * dotted or in hex) as the IPv4 address it maps, so every spelling of one IPv4 client is one key.
 * A value that is no IP address is its own key.
 */
export function clientKey(address: string | null | undefined): string {
  return address ? keyOf(address) : 'unknown';
}

const keyOf = memo(KEPT_ADDRESSES, (address: string): string => {
  const bare = withoutPort(address.trim()).replace(/%.*$/, '');
  const ipv4 = ipv4Bytes(bare);
  if (ipv4) return ipv4.join('.');
  const groups = ipv6Groups(bare);
  if (!groups) return bare;
  if (isIpv4Mapped(groups)) return [...groupBytes(groups[6]!), ...groupBytes(groups[7]!)].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
});

/**
 * The address of `[ipv6]:port` and `ipv4:port` (as some proxies write forwarding headers). A bare
 * IPv6 address is left whole: its last group is not a port.
 */
function withoutPort(address: string): string {
  const bracketed = /^\[([^\]]*)\](?::\d+)?$/.exec(address);
  if (bracketed) return bracketed[1]!;
  const ipv4 = /^(\d+(?:\.\d+){3}):\d+$/.exec(address);
  return ipv4 ? ipv4[1]! : address;
}

/** The four bytes of a dotted IPv4 address, each part read as decimal (`192.000.002.001` too). */
function ipv4Bytes(text: string): number[] | null {
  const parts = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  const bytes = parts?.slice(1).map(Number);
  return bytes?.every((byte) => byte <= 255) ? bytes : null;
}

const HEX_GROUP = /^[0-9a-f]{1,4}$/i;

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail is two), or null when it is none. */
function ipv6Groups(text: string): number[] | null {
  const gap = text.indexOf('::');
  if (gap !== text.lastIndexOf('::')) return null;
  const head = groupsOf(gap === -1 ? text : text.slice(0, gap));
  const tail = gap === -1 ? [] : groupsOf(text.slice(gap + 2));
  if (!head || !tail) return null;
  const zeros = 8 - head.length - tail.length;
  if (gap === -1 ? zeros !== 0 : zeros < 1) return null;
  return [...head, ...new Array<number>(Math.max(zeros, 0)).fill(0), ...tail];
}

/** The groups of one side of `::`: hex groups, the last of which may be a dotted IPv4 address. */
function groupsOf(side: string): number[] | null {
  if (side === '') return [];
  const parts = side.split(':');
  const groups: number[] = [];
  for (const [i, part] of parts.entries()) {
    const ipv4 = i === parts.length - 1 ? ipv4Bytes(part) : null;
    if (ipv4) groups.push((ipv4[0]! << 8) | ipv4[1]!, (ipv4[2]! << 8) | ipv4[3]!);
    else if (HEX_GROUP.test(part)) groups.push(Number.parseInt(part, 16));
    else return null;
  }
  return groups;
}

/** `::ffff:0:0/96`: an IPv4 address written as IPv6 (RFC 4291 2.5.5.2). */
function isIpv4Mapped(groups: readonly number[]): boolean {
  return groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
}

const groupBytes = (group: number) => [group >> 8, group & 0xff];

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
