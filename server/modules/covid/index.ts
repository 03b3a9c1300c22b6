import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../deps'
import { covidTestRoutes } from './covid-tests.routes'
import { triageRoutes } from './triage.routes'
import { triageDocumentRoutes } from './triage-document.routes'
import { triageListRoutes } from './triage-list.routes'

/** `/api/covid`: COVID triage and follow-up (issue 20; docs/decisions/0025-covid-triage.md). */
export async function covidModule(app: FastifyInstance, deps: ModuleDeps) {
  await app.register(triageRoutes)
  await app.register(covidTestRoutes)
  await app.register(triageListRoutes, { db: deps.database.db })
  await app.register(triageDocumentRoutes, { files: deps.files })
}
