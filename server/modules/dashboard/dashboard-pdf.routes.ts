import { and, asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { dashboardPdf } from '../../../src/contract/endpoints/dashboard'
import { firstFiveSystems } from '../../../src/contract/rules/dashboard/affected-systems'
import { buildDashboardPdf } from '../../../src/documents/dashboard-pdf'
import { tenantAddressLine } from '../../../src/documents/tenant-address'
import type { Tx } from '../../db/client'
import { catalogueEntries, referenceItems } from '../../db/schema'
import { NotFoundError } from '../../platform/errors'
import type { FileStore } from '../../platform/files'
import type { Lang } from '../../platform/language'
import { sendPdf } from '../../platform/pdf-reply'
import { route } from '../../platform/route'
import { tenantLogo } from '../operation/tenant-logo'
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
import { type DashboardScope, dashboardScope } from './scope'

/** The `covid-statuses` names in the request's language. */
async function covidStatusNames(tx: Tx, lang: Lang): Promise<Record<string, string>> {
  const rows = await tx
    .select()
    .from(referenceItems)
    .where(eq(referenceItems.list, 'covid-statuses'))
    .orderBy(asc(referenceItems.sort))
  return Object.fromEntries(rows.map((row) => [row.code, lang === 'en' ? row.nameEn : row.nameEs]))
}

/** A subgroup item as the filters name it: "Subgroup: item". */
async function subgroupName(tx: Tx, itemId: string | null): Promise<string | null> {
  if (itemId === null) return null
  const [item] = await tx.select().from(catalogueEntries).where(eq(catalogueEntries.id, itemId))
  if (!item) return null
  const [subgroup] = item.parentId
    ? await tx
        .select()
        .from(catalogueEntries)
        .where(and(eq(catalogueEntries.id, item.parentId), eq(catalogueEntries.catalogue, 'subgroups')))
    : []
  return subgroup ? `${subgroup.name}: ${item.name}` : item.name
}

/**
 * Every item's answer, in the order the document prints them: those the screen's calls of the
 * same filters have just given when nothing changed since (decision 0046).
 */
async function allFigures(tx: Tx, scope: DashboardScope, kept: KeptAnswers) {
  const answer = <T>(item: DashboardItem, of: (tx: Tx, scope: DashboardScope) => Promise<T>) =>
    kept(tx, scope, item, () => of(tx, scope))
  // The top five systems are the whole list's first five: one count of the period's rows, not two.
  const affectedSystems = await answer('affected-systems', affectedSystemsAnswer)
  return {
    periodicExams: await answer('periodic-exams', periodicExamsAnswer),
    vaccines: await answer('vaccines', vaccinesAnswer),
    covid: await answer('covid', covidAnswer),
    specialLabels: await answer('special-labels', specialLabelsAnswer),
    topDiagnoses: await answer('diagnoses', topDiagnosesAnswer),
    topAffectedSystems: await answer('top-affected-systems', async () =>
      firstFiveSystems(affectedSystems.systems),
    ),
    affectedSystems,
    closedDays: await answer('closed-days', closedDaysAnswer),
  }
}

/**
 * SPEC §7 `POST /download-pdf`: the dashboard under the body's filters as the PDF the device
 * builds (`src/documents/dashboard-pdf.ts`), from the same figures the item calls answer.
 */
export async function dashboardPdfRoutes(
  app: FastifyInstance,
  opts: { files: FileStore; kept: KeptAnswers },
) {
  route(app, dashboardPdf, async ({ body }, req, reply) => {
    const tenant = req.tenant
    if (!tenant) throw new NotFoundError()
    const input = await req.withTenant(async (tx) => {
      const scope = await dashboardScope(tx, req, body)
      const label = scope.labels.find((entry) => entry.id === body.special_label)
      const sublabel = scope.labels
        .flatMap((entry) => entry.sublabels)
        .find((entry) => entry.id === body.sublabel)
      const figures = await allFigures(tx, scope, opts.kept)
      await req.audit(tx, {
        action: 'dashboard.pdf',
        entity: 'patient',
        entityId: null,
        details: { filters: body },
      })
      return {
        language: req.lang,
        timeZone: scope.timeZone,
        generatedAt: new Date(),
        tenant: {
          name: tenant.tradeName,
          logo: await tenantLogo(opts.files, tenant.logoUrl),
          address: tenantAddressLine(tenant.address),
        },
        today: scope.today,
        filters: {
          from: scope.filter.period.from,
          to: scope.filter.period.to,
          subgroup: await subgroupName(tx, scope.filter.subgroup),
          specialLabel: label?.name ?? null,
          sublabel: sublabel?.name ?? null,
        },
        covidStatusNames: await covidStatusNames(tx, req.lang),
        figures,
      }
    })
    await sendPdf(reply, buildDashboardPdf(input))
  })
}
