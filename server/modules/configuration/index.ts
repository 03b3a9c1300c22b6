import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../deps'
import { menuRoutes } from './menus.routes'
import { tenantConfigurationRoutes } from './tenant-configuration.routes'

/** `/api/configuration`: tenant settings, menus, users, roles, profile, clients, products. */
export async function configurationModule(app: FastifyInstance, _deps: ModuleDeps) {
  await app.register(tenantConfigurationRoutes)
  await app.register(menuRoutes)
}
