import type { TenantAddress } from '../contract/schemas/tenant-configuration'

/**
 * The letterhead's line under the tenant's name, the same on the device and the server:
 * "street, city, state, C.P. 76120 · Tel. 442 215 3000", with the parts the tenant has given
 * (blank ones left out), or null when it has given none.
 */
export function tenantAddressLine(address: TenantAddress | null | undefined): string | null {
  if (!address) return null
  const given = (value: string | null) => value?.trim() || null
  const postalCode = given(address.postal_code)
  const place = [
    given(address.street),
    given(address.city),
    given(address.state),
    postalCode && `C.P. ${postalCode}`,
  ].filter(Boolean)
  const phone = given(address.phone)
  const parts = [place.join(', '), phone && `Tel. ${phone}`].filter(Boolean)
  return parts.length > 0 ? parts.join(' · ') : null
}
