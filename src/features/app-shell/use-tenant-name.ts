import { useEffect, useState } from 'react'
import { call } from '../../api/client'
import { getConfigurationsTenant } from '../../contract/endpoints/configuration'

const KEY = 'tenant-name'

function remembered(): string | null {
  try {
    return localStorage.getItem(KEY)
  } catch {
    return null
  }
}

/**
 * The tenant's name for the header. The host's public configuration is asked once per page; the
 * last name seen is kept on the device, so the header names the tenant offline too.
 */
export function useTenantName(): string | null {
  const [name, setName] = useState(remembered)
  useEffect(() => {
    const controller = new AbortController()
    call(getConfigurationsTenant, { signal: controller.signal })
      .then(({ tenant }) => {
        setName(tenant.name)
        try {
          localStorage.setItem(KEY, tenant.name)
        } catch {
          // Not kept: offline, the header shows the product's name instead.
        }
      })
      // Offline or on the landlord host: the remembered name (or the product's) stays.
      .catch(() => undefined)
    return () => controller.abort()
  }, [])
  return name
}
