import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../deps'
import { assignationRuleRoutes } from './assignation-rules.routes'
import { assignmentRequestRoutes } from './assignment-requests.routes'
import { assignmentRoutes } from './assignments.routes'
import { encounterRoutes } from './encounters.routes'
import { patientLookupRoutes } from './patient-lookups.routes'
import { patientProfileRoutes } from './patient-profile.routes'
import { patientRoutes } from './patients.routes'
import { readingRoutes } from './readings.routes'
import { readingsPdfRoutes } from './readings-pdf.routes'
import { recordSectionRoutes } from './record-sections.routes'

/** `/api/operation`: patients and their record sections (the offline kinds first), assignments, consultations. */
export async function operationModule(app: FastifyInstance, deps: ModuleDeps) {
  await app.register(patientRoutes)
  await app.register(patientLookupRoutes)
  await app.register(patientProfileRoutes)
  await app.register(readingRoutes)
  await app.register(readingsPdfRoutes, { db: deps.database.db, files: deps.files })
  await app.register(assignmentRoutes)
  await app.register(assignmentRequestRoutes)
  await app.register(assignationRuleRoutes)
  await app.register(recordSectionRoutes)
  await app.register(encounterRoutes)
}
