import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  dashboardAffectedSystems,
  dashboardClosedDays,
  dashboardCovid,
  dashboardDiagnoses,
  dashboardPatientCharts,
  dashboardPeriodicExams,
  dashboardSpecialLabels,
  dashboardTopAffectedSystems,
  dashboardVaccines,
} from '../../../src/contract/endpoints/dashboard'
import { firstFiveSystems } from '../../../src/contract/rules/dashboard/affected-systems'
import type { DashboardQuery } from '../../../src/contract/schemas/dashboard'
import type { Tx } from '../../db/client'
import { assignedUserOf } from '../../platform/assignment-scope'
import { route } from '../../platform/route'
import {
  affectedSystemsAnswer,
  closedDaysAnswer,
  covidAnswer,
  periodicExamsAnswer,
  specialLabelsAnswer,
  topDiagnosesAnswer,
  vaccinesAnswer,
} from './answers'
import type { DashboardItem, KeptAnswers } from './kept-answers'
import { patientChartsOf } from './patient-charts'
import { type DashboardScope, dashboardScope } from './scope'

/**
 * One item's figures for the caller's scope, audited as the other aggregate reads are (a count
 * over patients, no patient named: the filters are what the entry keeps).
 */
async function figuresFor<T>(
  req: FastifyRequest,
  query: DashboardQuery,
  item: string,
  answer: (tx: Tx, scope: DashboardScope) => Promise<T>,
): Promise<T> {
  return req.withTenant(async (tx) => {
    const scope = await dashboardScope(tx, assignedUserOf(req), query)
    const figures = await answer(tx, scope)
    await req.audit(tx, {
      action: `dashboard.${item}`,
      entity: 'patient',
      entityId: null,
      details: { filters: query },
    })
    return figures
  })
}

/** The same, reusing an answer the same question had a moment ago (decision 0046). */
const keptFiguresFor = <T>(
  req: FastifyRequest,
  query: DashboardQuery,
  item: DashboardItem,
  answer: (tx: Tx, scope: DashboardScope) => Promise<T>,
  kept: KeptAnswers,
): Promise<T> => figuresFor(req, query, item, (tx, scope) => kept(tx, scope, item, () => answer(tx, scope)))

/**
 * SPEC §7 "Dashboard reports and exports" (issue 24; docs/decisions/0032-dashboard.md): each item
 * of the dashboard over the caller's patients under the dashboard's filters, in SQL aggregates
 * that follow `src/contract/rules/dashboard/` step for step.
 */
export async function dashboardRoutes(app: FastifyInstance, opts: { kept: KeptAnswers }) {
  const { kept } = opts
  route(app, dashboardAffectedSystems, ({ query }, req) =>
    keptFiguresFor(req, query, 'affected-systems', affectedSystemsAnswer, kept),
  )
  // The first five of the whole list (the rules order both alike): the screen asks both at once,
  // and they wait for one count (decision 0046).
  route(app, dashboardTopAffectedSystems, ({ query }, req) =>
    figuresFor(req, query, 'top-affected-systems', async (tx, scope) =>
      firstFiveSystems(
        (await kept(tx, scope, 'affected-systems', () => affectedSystemsAnswer(tx, scope))).systems,
      ),
    ),
  )
  route(app, dashboardDiagnoses, ({ query }, req) =>
    keptFiguresFor(req, query, 'diagnoses', topDiagnosesAnswer, kept),
  )
  route(app, dashboardSpecialLabels, ({ query }, req) =>
    keptFiguresFor(req, query, 'special-labels', specialLabelsAnswer, kept),
  )
  route(app, dashboardVaccines, ({ query }, req) =>
    keptFiguresFor(req, query, 'vaccines', vaccinesAnswer, kept),
  )
  route(app, dashboardPeriodicExams, ({ query }, req) =>
    keptFiguresFor(req, query, 'periodic-exams', periodicExamsAnswer, kept),
  )
  route(app, dashboardClosedDays, ({ query }, req) =>
    keptFiguresFor(req, query, 'closed-days', closedDaysAnswer, kept),
  )
  route(app, dashboardCovid, ({ query }, req) => keptFiguresFor(req, query, 'covid', covidAnswer, kept))
  // Not kept: the charts read the audit log (the patients seen lately), which the stamp does not follow.
  route(app, dashboardPatientCharts, ({ query }, req) =>
    figuresFor(req, query, 'patient-charts', patientChartsOf),
  )
}
