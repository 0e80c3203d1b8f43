import { describe, expect, it } from 'vitest';
import { limitKeyOfAddress } from './client-address';

describe('the key a per-address limit counts under', () => {
  it('counts every address of an IPv6 /64 as one, and an IPv4-mapped one as its IPv4 address', () => {
    const a = limitKeyOfAddress('2001:db8:abcd:12:1:2:3:4');
    expect(a).toBe('2001:db8:abcd:12::/64');
    expect(limitKeyOfAddress('2001:0db8:abcd:0012:ffff:ffff:ffff:ffff')).toBe(a);
    expect(limitKeyOfAddress('2001:db8:abcd:13::1')).not.toBe(a);
    expect(limitKeyOfAddress('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(limitKeyOfAddress('192.0.2.7')).toBe('192.0.2.7');
    expect(limitKeyOfAddress('::1')).toBe('0:0:0:0::/64');
  });

  it('keeps what is not an address as it is', () => {
    expect(limitKeyOfAddress(undefined)).toBe('unknown');
    expect(limitKeyOfAddress('')).toBe('unknown');
    expect(limitKeyOfAddress('not-an-ip')).toBe('not-an-ip');
  });
});
