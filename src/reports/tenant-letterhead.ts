import { call } from '../api/client'
import { getConfigurationsTenant } from '../contract/endpoints/configuration'
import type { EmployerSettings } from '../contract/rules/incident-report-prefill'
import type { LocalDb } from '../db/local-db'
import { tenantAddressLine } from '../documents/tenant-address'

/**
 * The tenant's name, address and logo as the device's documents print them (issue 7: PDFs made offline
 * carry the logo), and the employer's part of an ST-7 (issue 23: a report begun offline states it). The logo is kept as a data URL in the `meta` table, fetched again only when
 * the tenant's logoUrl changes; offline, or when the server cannot be reached, the copy stays.
 */
export interface Letterhead {
  name: string
  /** The line under the name (src/documents/tenant-address.ts); absent in a copy held from before. */
  address?: string | null
  /** A PNG or JPEG data URL; null when the tenant has none or it could not be fetched. */
  logo: string | null
  /** Where the logo came from, to know when it changed. */
  logoUrl: string | null
  /**
   * The employer an ST-7 names (business name, registro patronal, address: issue 23); absent in a
   * copy held from before, null when the server gave no settings.
   */
  employer?: EmployerSettings | null
}

export const LETTERHEAD_KEY = 'tenant.letterhead'

const IMAGE_TYPES = ['image/png', 'image/jpeg']

export async function readLetterhead(db: LocalDb): Promise<Letterhead | null> {
  const value = (await db.meta.get(LETTERHEAD_KEY))?.value as Letterhead | undefined // written below
  return value ?? null
}

function dataUrlOf(type: string, bytes: Uint8Array): string {
  let binary = ''
  // Chunks keep String.fromCharCode under the engines' argument limits on a 2 MB logo.
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return `data:${type};base64,${btoa(binary)}`
}

/** The logo as a data URL, or null when it is not a PNG or JPEG (jsPDF draws only those here). */
async function fetchLogo(url: string): Promise<string | null> {
  const response = await fetch(url)
  if (!response.ok) return null
  const bytes = new Uint8Array(await response.arrayBuffer())
  const type = sniffImageType(bytes)
  return type && IMAGE_TYPES.includes(type) ? dataUrlOf(type, bytes) : null
}

/** PNG or JPEG from the bytes' signature, not from a header a proxy may have changed. */
export function sniffImageType(bytes: Uint8Array): string | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png'
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  return null
}

/**
 * Asks the server for the tenant's name, address and logo and keeps them; answers what the device holds
 * afterwards. Never throws: offline the held copy (or null) is the answer.
 */
export async function refreshLetterhead(db: LocalDb): Promise<Letterhead | null> {
  const held = await readLetterhead(db)
  try {
    const { tenant, settings } = await call(getConfigurationsTenant)
    const logo =
      tenant.logoUrl === null
        ? null
        : held?.logoUrl === tenant.logoUrl && held.logo
          ? held.logo
          : await fetchLogo(tenant.logoUrl).catch(() => held?.logo ?? null)
    const letterhead: Letterhead = {
      name: tenant.name,
      address: tenantAddressLine(settings?.address),
      logo,
      logoUrl: tenant.logoUrl,
      employer: settings
        ? {
            business_name: settings.business_name,
            employer_registration: settings.employer_registration,
            address: settings.address,
          }
        : null,
    }
    await db.meta.put({ key: LETTERHEAD_KEY, value: letterhead })
    return letterhead
  } catch {
    // No network or no answer: the documents go on with what the device held.
    return held
  }
}
