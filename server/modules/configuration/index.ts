import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../deps'
import { menuRoutes } from './menus.routes'
import { profileRoutes } from './profile.routes'
import { roleRoutes } from './roles.routes'
import { tenantConfigurationRoutes } from './tenant-configuration.routes'
import { userRoutes } from './users.routes'

/** `/api/configuration`: tenant settings, menus, users, roles, profile, clients, products. */
export async function configurationModule(app: FastifyInstance, deps: ModuleDeps) {
  await app.register(tenantConfigurationRoutes)
  await app.register(menuRoutes, { db: deps.database.db })
  await app.register(roleRoutes)
  await app.register(userRoutes, { files: deps.files })
  await app.register(profileRoutes, deps)
}
