import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './public-address.js';

/** Which addresses the calendar import may fetch a link from (docs/product/times.md "Aus Kalender übernehmen"). */
describe('isPublicAddress', () => {
  it.each([
    '93.184.215.14',
    '1.1.1.1',
    '8.8.8.8',
    '185.199.108.153',
    '2606:4700::6810:84e5',
    '2a00:1450:4001:82b::200e',
    '::ffff:93.184.215.14',
    '64:ff9b::5db8:d70e',
  ])('allows the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['unspecified IPv4', '0.0.0.0'],
    ['this network', '0.1.2.3'],
    ['private 10/8', '10.1.2.3'],
    ['private 172.16/12', '172.20.0.1'],
    ['private 192.168/16', '192.168.1.1'],
    ['carrier-grade NAT', '100.64.0.1'],
    ['loopback', '127.0.0.1'],
    ['link-local (cloud metadata)', '169.254.169.254'],
    ['IETF protocol assignments', '192.0.0.8'],
    ['documentation', '198.51.100.7'],
    ['benchmarking', '198.18.0.1'],
    ['multicast', '224.0.0.1'],
    ['reserved', '240.0.0.1'],
    ['broadcast', '255.255.255.255'],
    ['unspecified IPv6', '::'],
    ['IPv6 loopback', '::1'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped private, hex', '::ffff:a00:1'],
    ['IPv4-mapped metadata', '::ffff:169.254.169.254'],
    ['IPv4-compatible loopback', '::127.0.0.1'],
    ['IPv4-compatible private, hex', '::a00:1'],
    ['IPv4-compatible public', '::5db8:d70e'],
    ['IPv4-translated loopback', '::ffff:0:127.0.0.1'],
    ['IPv4-translated private, hex', '::ffff:0:a00:1'],
    ['IPv4-translated public', '::ffff:0:5db8:d70e'],
    ['NAT64 of loopback', '64:ff9b::127.0.0.1'],
    ['NAT64 of a private address', '64:ff9b::a00:1'],
    ['NAT64 of the metadata address', '64:ff9b::a9fe:a9fe'],
    ['local-use NAT64', '64:ff9b:1::5db8:d70e'],
    ['6to4', '2002:7f00:1::1'],
    ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['documentation IPv6', '2001:db8::1'],
    ['unique local', 'fd12:3456:789a::1'],
    ['link-local IPv6', 'fe80::1'],
    ['site-local IPv6', 'fec0::1'],
    ['multicast IPv6', 'ff02::1'],
    ['discard-only', '100::1'],
    ['not an address', 'example.org'],
    ['an IPv4 address in a shorthand', '127.1'],
  ])('refuses %s (%s)', (_name, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});
