/**
 * The browser's half of a passkey ceremony on the service's standard WebAuthn JSON. Browsers that
 * read that JSON themselves (PublicKeyCredential.parse…FromJSON, toJSON) do; for the others the
 * few binary fields are converted here (base64url <-> bytes), as the WebAuthn Level 3 JSON says.
 */
const fromBase64url = (text: string): ArrayBuffer => {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=')
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)).buffer
}
const toBase64url = (buffer: ArrayBuffer): string =>
  btoa(String.fromCharCode(...new Uint8Array(buffer)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

type Json = Record<string, any>
const P = () => window.PublicKeyCredential as any

export const passkeysAvailable = (): boolean => typeof window.PublicKeyCredential === 'function'

function withIds(list: Json[] | undefined) {
  return list?.map((c) => ({ ...c, id: fromBase64url(c.id) }))
}

function credentialJson(credential: PublicKeyCredential): Json {
  if (typeof (credential as any).toJSON === 'function') return (credential as any).toJSON()
  const response = credential.response as any
  const out: Json = {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    clientExtensionResults: credential.getClientExtensionResults(),
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
    response: { clientDataJSON: toBase64url(response.clientDataJSON) },
  }
  if ('attestationObject' in response) {
    out.response.attestationObject = toBase64url(response.attestationObject)
    out.response.transports = response.getTransports?.() ?? []
  } else {
    out.response.authenticatorData = toBase64url(response.authenticatorData)
    out.response.signature = toBase64url(response.signature)
    if (response.userHandle) out.response.userHandle = toBase64url(response.userHandle)
  }
  return out
}

/** Signs in: the options the service gave, the device's answer as JSON. */
export async function getCredential(options: Json): Promise<Json> {
  const publicKey = P().parseRequestOptionsFromJSON
    ? P().parseRequestOptionsFromJSON(options)
    : { ...options, challenge: fromBase64url(options.challenge), allowCredentials: withIds(options.allowCredentials) }
  const credential = (await navigator.credentials.get({ publicKey })) as PublicKeyCredential | null
  if (!credential) throw new DOMException('No passkey chosen', 'NotAllowedError')
  return credentialJson(credential)
}

/** Registers a passkey on this device. */
export async function createCredential(options: Json): Promise<Json> {
  const publicKey = P().parseCreationOptionsFromJSON
    ? P().parseCreationOptionsFromJSON(options)
    : {
        ...options,
        challenge: fromBase64url(options.challenge),
        user: { ...options.user, id: fromBase64url(options.user.id) },
        excludeCredentials: withIds(options.excludeCredentials),
      }
  const credential = (await navigator.credentials.create({ publicKey })) as PublicKeyCredential | null
  if (!credential) throw new DOMException('No passkey made', 'NotAllowedError')
  return credentialJson(credential)
}
