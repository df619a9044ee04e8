/**
 * A digest of a string or bytes in one call. Node 20.12 and later hash in one step (`crypto.hash`),
 * without the Hash object `createHash` makes on every call: on every request (an API key's or a
 * session's lookup, an answer's ETag) that is about 40 % of the hashing's cost. Earlier Node 20
 * releases take the long way.
 */
import crypto, { type BinaryLike, type BinaryToTextEncoding, createHash } from 'node:crypto'

export const digestOf: (algorithm: 'sha1' | 'sha256', data: BinaryLike, encoding: BinaryToTextEncoding) => string =
  typeof crypto.hash === 'function'
    ? (algorithm, data, encoding) => crypto.hash(algorithm, data, encoding)
    : (algorithm, data, encoding) => createHash(algorithm).update(data).digest(encoding)
