import { and, asc, eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { dashboardPdf } from '../../../src/contract/endpoints/dashboard'
import { firstFiveSystems } from '../../../src/contract/rules/dashboard/affected-systems'
import type { DashboardQuery } from '../../../src/contract/schemas/dashboard'
import { buildDashboardPdf, type DashboardDocumentInput } from '../../../src/documents/dashboard-pdf'
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

type Figures = DashboardDocumentInput['figures']

/** Every figure the document prints: a figure added to the document and not here fails to compile. */
const PRINTED: Record<keyof Figures, true> = {
  periodicExams: true,
  vaccines: true,
  covid: true,
  specialLabels: true,
  topDiagnoses: true,
  topAffectedSystems: true,
  affectedSystems: true,
  closedDays: true,
}

/** One piece of the PDF's figures, worked out in a lane's transaction (`allFigures`). */
type Piece = (answer: Answer, into: Partial<Figures>) => Promise<void>
type Answer = <T>(item: DashboardItem, of: (tx: Tx, scope: DashboardScope) => Promise<T>) => Promise<T>

/**
 * The pieces, the longest first (at scale, docs/benchmarks.md: the consultation items about 190 ms,
 * the vaccines about 90, the rest 30–60), so the lanes end about together.
 */
const PIECES: readonly Piece[] = [
  async (answer, into) => {
    // Both consultation items from one pass over the period's rows when neither is kept (the
    // affected systems' alone costs about as much), the other's answer kept with it.
    let both: ReturnType<typeof consultationAnswers> | undefined
    const once = (tx: Tx, scope: DashboardScope) => {
      both ??= consultationAnswers(tx, scope)
      return both
    }
    const affectedSystems = await answer(
      'affected-systems',
      async (tx, scope) => (await once(tx, scope)).affectedSystems,
    )
    into.affectedSystems = affectedSystems
    into.topDiagnoses = await answer('diagnoses', async (tx, scope) => (await once(tx, scope)).topDiagnoses)
    // The top five systems are the whole list's first five: one count of the period's rows, not two.
    into.topAffectedSystems = await answer('top-affected-systems', async () =>
      firstFiveSystems(affectedSystems.systems),
    )
  },
  async (answer, into) => {
    into.vaccines = await answer('vaccines', vaccinesAnswer)
  },
  async (answer, into) => {
    into.specialLabels = await answer('special-labels', specialLabelsAnswer)
  },
  async (answer, into) => {
    into.closedDays = await answer('closed-days', closedDaysAnswer)
  },
  async (answer, into) => {
    into.covid = await answer('covid', covidAnswer)
  },
  async (answer, into) => {
    into.periodicExams = await answer('periodic-exams', periodicExamsAnswer)
  },
]

/**
 * Two transactions at once: PostgreSQL runs each on a core of its own, where one transaction
 * asked the eight items one after another (the PDF alone was their sum, about 520 ms at scale).
 * More lanes than the server's cores would only share them.
 */
const LANES = 2

/**
 * Every item's answer: those the screen's calls of the same filters have just given when nothing
 * changed since (decision 0046), the others worked out in `LANES` transactions, each taking the
 * next piece when it is free. Each lane reads its own snapshot, as the screen's calls do; all
 * count for the same day. The embedded database runs one transaction at a time, so there the
 * lanes take turns.
 */
async function allFigures(
  req: FastifyRequest,
  body: DashboardQuery,
  now: Date,
  kept: KeptAnswers,
): Promise<Figures> {
  const into: Partial<Figures> = {}
  const waiting = [...PIECES]
  const lane = () =>
    req.withTenant(async (tx) => {
      const scope = await dashboardScope(tx, req, body, now)
      const answer: Answer = (item, of) => kept(tx, scope, item, () => of(tx, scope))
      for (let piece = waiting.shift(); piece; piece = waiting.shift()) await piece(answer, into)
    })
  await Promise.all(Array.from({ length: LANES }, lane))
  const missing = Object.keys(PRINTED).filter((key) => into[key as keyof Figures] === undefined)
  if (missing.length > 0) throw new Error(`The dashboard PDF's pieces gave no ${missing.join(', ')}.`)
  return into as Figures
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
    const figures = await allFigures(req, body, now, opts.kept)
    const input = await req.withTenant(async (tx) => {
      const scope = await dashboardScope(tx, req, body, now)
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
        figures,
      }
    })
    await sendPdf(reply, buildDashboardPdf(input))
  })
}
