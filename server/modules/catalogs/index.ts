import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../deps'
import { diagnosisRoutes } from './diagnoses.routes'
import { importRoutes } from './import.routes'
import { placeRoutes } from './places.routes'
import { referenceListRoutes } from './reference-lists.routes'

/** `/api/catalogs`: the shared reference catalogs (SPEC §7 "Catalogues"), and their import. */
export async function catalogsModule(app: FastifyInstance, deps: ModuleDeps) {
  const db = deps.database.db
  await app.register(referenceListRoutes, { db })
  await app.register(placeRoutes, { db })
  await app.register(diagnosisRoutes, { db })
  await app.register(importRoutes, { db })
}
