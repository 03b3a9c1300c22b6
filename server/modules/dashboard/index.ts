import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../deps'
import { dashboardRoutes } from './dashboard.routes'
import { dashboardPdfRoutes } from './dashboard-pdf.routes'
import { keptAnswers } from './kept-answers'

/** `/api/dashboard`: the dashboard's figures and its PDF (issue 24; docs/decisions/0032-dashboard.md). */
export async function dashboardModule(app: FastifyInstance, deps: ModuleDeps) {
  // One keeper for the screen's calls and the PDF: the PDF reuses what the screen just asked.
  const kept = keptAnswers()
  await app.register(dashboardRoutes, { kept })
  await app.register(dashboardPdfRoutes, { files: deps.files, kept })
}
