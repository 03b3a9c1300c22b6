import { useEffect, useState } from 'react'
import { call } from '../../api/client'
import { getConfigurationsTenant } from '../../contract/endpoints/configuration'
import type { PublicTenantConfiguration } from '../../contract/schemas/tenant-configuration'

export type TenantConfigurationState =
  | { status: 'loading' }
  | { status: 'loaded'; configuration: PublicTenantConfiguration }
  | { status: 'error'; error: unknown }

/** The host's public configuration (name, logo, sign-on options), fetched once per page. */
export function useTenantConfiguration(): TenantConfigurationState {
  const [state, setState] = useState<TenantConfigurationState>({ status: 'loading' })
  useEffect(() => {
    const controller = new AbortController()
    call(getConfigurationsTenant, { signal: controller.signal })
      .then((configuration) => setState({ status: 'loaded', configuration }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error })
      })
    return () => controller.abort()
  }, [])
  return state
}
