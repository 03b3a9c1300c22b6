import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../deps'
import { digitalRecordRoutes } from './digital-record.routes'

/** `/api/ephi`: the patient's digital record and its PDF (issue 24; decision 0031). */
export async function ephiModule(app: FastifyInstance, deps: ModuleDeps) {
  await app.register(digitalRecordRoutes, { files: deps.files })
}
