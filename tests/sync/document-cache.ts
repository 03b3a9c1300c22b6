import { tenantAddressLine } from '../../src/documents/tenant-address'
import { LETTERHEAD_KEY } from '../../src/reports/tenant-letterhead'
import type { Device } from './device'

/**
 * What a signed-in device caches for the documents it builds offline, taken from the server as
 * the app's refreshes take it: the tenant's letterhead (name and address) and the biological
 * sexes' names. A document built on the device equals the server's download only with these.
 */
export async function cacheDocumentContext(device: Device): Promise<Record<string, string>> {
  const auth = { authorization: `Bearer ${device.session.accessToken}`, 'accept-language': 'es' }
  const configuration = await device.network.fetch('/api/configuration/get-configurations-tenant', {
    headers: auth,
  })
  const { tenant, settings } = (await configuration.json()).data
  await device.db.meta.put({
    key: LETTERHEAD_KEY,
    value: { name: tenant.name, address: tenantAddressLine(settings.address), logo: null, logoUrl: null },
  })
  const sexes = await device.network.fetch('/api/catalogs/catalog/biological-sexes', { headers: auth })
  const items: { code: string; name: string }[] = (await sexes.json()).data
  await device.db.catalogItems.bulkPut(
    items.map((item, position) => ({ list: 'biological-sexes', code: item.code, position, data: item })),
  )
  return auth
}
