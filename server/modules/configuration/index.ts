import type { FastifyInstance } from 'fastify'
import { tenantConfigurationRoutes } from './tenant-configuration.routes'

/** `/api/configuration`: tenant settings, menus, users, roles, profile, clients, products. */
export async function configurationModule(app: FastifyInstance) {
  await app.register(tenantConfigurationRoutes)
}
