import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../deps'
import { dashboardRoutes } from './dashboard.routes'
import { dashboardPdfRoutes } from './dashboard-pdf.routes'

/** `/api/dashboard`: the dashboard's figures and its PDF (issue 24; docs/decisions/0030-dashboard.md). */
export async function dashboardModule(app: FastifyInstance, deps: ModuleDeps) {
  await app.register(dashboardRoutes)
  await app.register(dashboardPdfRoutes, { files: deps.files })
}
