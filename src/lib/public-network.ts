/**
 * Only addresses on the public internet are called on a company's behalf unless the operator says
 * otherwise: a company administrator must not be able to make the service call its own network
 * (SSRF) through a webhook URL or an identity provider's address. Loopback, private, link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast, reserved ranges and IPv6
 * forms that embed an IPv4 address are all refused, checked on the address a name resolves to at
 * connection time, so a name re-pointed later is refused too.
 */
import { type LookupAddress, lookup as dnsLookup } from 'node:dns'
import { type LookupFunction, isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  let parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address()
  return parsed.range() === 'unicast'
}

/** Names that are the machine itself whatever DNS says (RFC 6761). */
export function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '')
  return name === 'localhost' || name.endsWith('.localhost')
}

/**
 * Why an address a company gives (a webhook's, a push service's) is refused for its host, or null:
 * this machine by name, or a written address that is not public. A name's addresses are checked
 * again at each request (publicOnlyLookup).
 */
export function hostProblem(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (isLocalName(host)) return 'must not point at this machine (localhost)'
  if (isIP(host) && !isPublicAddress(host)) return 'must not point at a private, loopback or link-local address'
  return null
}

export class RefusedAddress extends Error {}

/** dns.lookup, refusing a name when any address it resolves to is not public. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0)
    const refused = addresses.find((a) => !isPublicAddress(a.address))
    if (refused || addresses.length === 0) {
      return callback(
        new RefusedAddress(
          `${hostname} resolves to ${refused?.address ?? 'no address'}, which is not a public address`,
        ),
        '',
        0,
      )
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses)
    callback(null, addresses[0]!.address, addresses[0]!.family)
  })
}
