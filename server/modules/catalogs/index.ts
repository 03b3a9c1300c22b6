import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../deps'
import { catalogueRoutes } from './catalogues.routes'
import { diagnosisRoutes } from './diagnoses.routes'
import { editableInputRoutes } from './editable-inputs.routes'
import { importRoutes } from './import.routes'
import { medicineRoutes } from './medicines.routes'
import { placeRoutes } from './places.routes'
import { referenceListRoutes } from './reference-lists.routes'
import { specialLabelRoutes } from './special-labels.routes'

/**
 * `/api/catalogs`: the shared reference catalogs (SPEC §7 "Catalogues") and their import, and
 * the catalogues each tenant keeps (special labels, medicines).
 */
export async function catalogsModule(app: FastifyInstance, deps: ModuleDeps) {
  const db = deps.database.db
  await app.register(referenceListRoutes, { db })
  await app.register(placeRoutes, { db })
  await app.register(diagnosisRoutes, { db })
  await app.register(importRoutes, { db })
  // The tenant's own catalogues (decision 0015), read and written under its row-level security.
  await app.register(specialLabelRoutes)
  await app.register(medicineRoutes)
  // The simple ones, one definition each (decision 0018).
  await app.register(catalogueRoutes)
  // Which optional inputs the tenant's forms show (decision 0018).
  await app.register(editableInputRoutes)
}
