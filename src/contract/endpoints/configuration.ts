import { PublicTenantConfiguration } from '../schemas/tenant-configuration'
import { endpoint } from './define'

export const getConfigurationsTenant = endpoint({
  service: 'configuration',
  method: 'GET',
  path: '/get-configurations-tenant',
  access: 'public',
  response: PublicTenantConfiguration,
})
