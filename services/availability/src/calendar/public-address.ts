// Which IP addresses the calendar import may connect to: public unicast only. IPv4: none of loopback, private,
// link-local (metadata), carrier-grade NAT, documentation, benchmarking, multicast or reserved ranges. IPv6: global
// unicast (2000::/3) outside the special ranges; an IPv4 address inside IPv6 counts as that IPv4 address when the
// form reaches it (IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96), and the forms without a use on the internet
// (IPv4-compatible ::/96, IPv4-translated ::ffff:0:0:0/96, 6to4, Teredo, local-use NAT64) are refused. The ranges
// are ipaddr.js's (IANA special-purpose registries).
import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';

const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

function isPublicV4(address: ipaddr.IPv4): boolean {
  return address.range() === 'unicast';
}

function isPublicV6(address: ipaddr.IPv6): boolean {
  if (address.isIPv4MappedAddress()) return isPublicV4(address.toIPv4Address());
  if (address.match(NAT64)) {
    const [hi, lo] = address.parts.slice(6) as [number, number];
    return isPublicV4(ipaddr.IPv4.parse(`${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`));
  }
  return address.match(GLOBAL_UNICAST) && address.range() === 'unicast';
}

/** True for an address (dotted IPv4 or IPv6, as DNS and the URL parser give it) the server may fetch a calendar from. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return isPublicV4(ipaddr.IPv4.parse(address));
  if (family === 6) return isPublicV6(ipaddr.IPv6.parse(address));
  return false;
}
