import { and, asc, eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { dashboardPdf } from '../../../src/contract/endpoints/dashboard'
import { firstFiveSystems } from '../../../src/contract/rules/dashboard/affected-systems'
import type { DashboardQuery } from '../../../src/contract/schemas/dashboard'
import { buildDashboardPdf } from '../../../src/documents/dashboard-pdf'
import { tenantAddressLine } from '../../../src/documents/tenant-address'
import type { Tx } from '../../db/client'
import { catalogueEntries, referenceItems } from '../../db/schema'
import { assignedUserOf } from '../../platform/assignment-scope'
import { NotFoundError } from '../../platform/errors'
import type { FileStore } from '../../platform/files'
import type { Lang } from '../../platform/language'
import { sendPdf } from '../../platform/pdf-reply'
import { route } from '../../platform/route'
import { tenantLogo } from '../operation/tenant-logo'
import {
  closedDaysAnswer,
  consultationAnswers,
  covidAnswer,
  periodicExamsAnswer,
  specialLabelsAnswer,
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

/** An item's answer: kept (decision 0046), or worked out in the lane's transaction for its scope. */
type Answer = <T>(item: DashboardItem, of: (tx: Tx, scope: DashboardScope) => Promise<T>) => Promise<T>
/** A piece of the PDF's figures, worked out in whichever lane takes it (`inLanes`). */
type Job<T> = (answer: Answer) => Promise<T>

/**
 * Both consultation items from one pass over the period's rows when neither is kept, the other's
 * answer kept with it; the top five systems are the whole list's first five (no count of their own).
 */
async function consultationItems(answer: Answer) {
  let both: ReturnType<typeof consultationAnswers> | undefined
  const once = (tx: Tx, scope: DashboardScope) => {
    both ??= consultationAnswers(tx, scope)
    return both
  }
  const affectedSystems = await answer(
    'affected-systems',
    async (tx, scope) => (await once(tx, scope)).affectedSystems,
  )
  return {
    affectedSystems,
    topDiagnoses: await answer('diagnoses', async (tx, scope) => (await once(tx, scope)).topDiagnoses),
    topAffectedSystems: firstFiveSystems(affectedSystems.systems),
  }
}

/**
 * Two transactions at once: PostgreSQL runs each on a core of its own, where one transaction
 * asked the eight items one after another (the PDF alone was their sum, about 520 ms at scale).
 * More lanes than the server's cores would only share them.
 */
const LANES = 2

/**
 * The jobs' answers, in their order, worked out in `LANES` transactions at once (decision 0049),
 * each lane taking the next job when it is free: the caller lists them the longest first, so the
 * lanes end about together. Each lane reads its own snapshot, as the screen's calls do; all count
 * for the same day. The embedded database runs one transaction at a time: there they take turns.
 */
async function inLanes<T extends readonly unknown[]>(
  req: FastifyRequest,
  body: DashboardQuery,
  now: Date,
  kept: KeptAnswers,
  jobs: { readonly [K in keyof T]: Job<T[K]> },
): Promise<T> {
  const list = jobs as readonly Job<unknown>[]
  const answers: unknown[] = []
  let next = 0
  let failed = false
  const lane = () =>
    req
      .withTenant(async (tx) => {
        const scope = await dashboardScope(tx, assignedUserOf(req), body, now)
        const answer: Answer = (item, of) => kept(tx, scope, item, () => of(tx, scope))
        for (let at = next++; at < list.length && !failed; at = next++) answers[at] = await list[at]?.(answer)
      })
      .catch((error: unknown) => {
        failed = true
        throw error
      })
  // A lane that fails stops the other at its next job, and the request answers once both have
  // ended: no work of the PDF outlives its answer.
  const ends = await Promise.allSettled(Array.from({ length: LANES }, lane))
  for (const end of ends) if (end.status === 'rejected') throw end.reason
  // Every job ran in one lane or the other, so each answer is in its job's place.
  return answers as unknown as T
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
    const now = new Date()
    // The longest first (at scale, docs/benchmarks.md: the consultation items about 150 ms, the
    // vaccines about 90, the rest 30–60 each).
    const [consultations, vaccines, specialLabels, closedDays, covid, periodicExams] = await inLanes(
      req,
      body,
      now,
      opts.kept,
      [
        consultationItems,
        (answer) => answer('vaccines', vaccinesAnswer),
        (answer) => answer('special-labels', specialLabelsAnswer),
        (answer) => answer('closed-days', closedDaysAnswer),
        (answer) => answer('covid', covidAnswer),
        (answer) => answer('periodic-exams', periodicExamsAnswer),
      ],
    )
    const input = await req.withTenant(async (tx) => {
      const scope = await dashboardScope(tx, assignedUserOf(req), body, now)
      const label = scope.labels.find((entry) => entry.id === body.special_label)
      const sublabel = scope.labels
        .flatMap((entry) => entry.sublabels)
        .find((entry) => entry.id === body.sublabel)
      await req.audit(tx, {
        action: 'dashboard.pdf',
        entity: 'patient',
        entityId: null,
        details: { filters: body },
      })
      return {
        language: req.lang,
        timeZone: scope.timeZone,
        generatedAt: now,
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
        figures: { ...consultations, vaccines, specialLabels, closedDays, covid, periodicExams },
      }
    })
    await sendPdf(reply, buildDashboardPdf(input))
  })
}
