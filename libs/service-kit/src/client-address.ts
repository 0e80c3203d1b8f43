import ipaddr from 'ipaddr.js';

/**
 * The key a per-address limit counts a caller under. An IPv6 client usually holds a whole /64
 * (2^64 addresses: its ISP hands out prefixes, and the host picks the rest at will, privacy
 * addresses included), so counting each full address would let it walk past any limit; the /64
 * is what one subscriber controls. An IPv4-mapped IPv6 address counts as its IPv4 address.
 */
export function limitKeyOfAddress(address: string | undefined): string {
  if (!address || !ipaddr.isValid(address)) return address || 'unknown';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}
