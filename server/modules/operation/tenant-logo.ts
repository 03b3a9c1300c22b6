import type { FileStore } from '../../platform/files'

/** PNG or JPEG from the bytes' signature: the only images the PDF draws. */
function imageType(bytes: Uint8Array): 'image/png' | 'image/jpeg' | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png'
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  return null
}

/**
 * The tenant's logo as a data URL for its documents, from the server's own file store: the
 * logoUrl names a stored file by its content hash (its last path segment), or is already a PNG
 * or JPEG data URL. Anything else (no logo, a file not stored here, another image type) is
 * null: the server never fetches a URL it was given, so a logo address cannot reach elsewhere.
 */
export async function tenantLogo(files: FileStore, logoUrl: string | null): Promise<string | null> {
  if (!logoUrl) return null
  if (/^data:image\/(png|jpeg);base64,/.test(logoUrl)) return logoUrl
  const hash = /([0-9a-f]{64})(?:\.[a-z]+)?$/i.exec(logoUrl.split(/[?#]/)[0] ?? '')?.[1]?.toLowerCase()
  const bytes = hash ? await files.get(hash) : null
  const type = bytes ? imageType(bytes) : null
  return bytes && type ? `data:${type};base64,${bytes.toString('base64')}` : null
}
