import * as v from 'valibot'
import type { MenuItem } from '../rules/menus'
import { PublicTenantConfiguration } from '../schemas/tenant-configuration'
import { endpoint } from './define'

/** Public before login; after login the same call adds the tenant's settings (`settings`). */
export const getConfigurationsTenant = endpoint({
  service: 'configuration',
  method: 'GET',
  path: '/get-configurations-tenant',
  access: 'public',
  response: PublicTenantConfiguration,
})

const MenuItemSchema: v.GenericSchema<MenuItem> = v.object({
  key: v.string(),
  to: v.nullable(v.string()),
  visible: v.boolean(),
  children: v.array(v.lazy(() => MenuItemSchema)),
})

export const menusAvailable = endpoint({
  service: 'configuration',
  method: 'GET',
  path: '/menus/menusavailable',
  access: 'authenticated',
  response: v.array(MenuItemSchema),
})

export const inputsDisabled = endpoint({
  service: 'configuration',
  method: 'GET',
  path: '/inputs/inputs-disabled',
  access: 'authenticated',
  response: v.array(v.string()),
})
