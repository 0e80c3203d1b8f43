declare module 'geoip-country' {
  const geoip: {
    /** The country of an IPv4 or IPv6 address (ISO 3166-1 alpha-2), null when unknown. */
    lookup(ip: string): { country: string } | null;
  };
  export default geoip;
}
