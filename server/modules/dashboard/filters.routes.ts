import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { dashboardFilters } from '../../../src/contract/endpoints/dashboard'
import type { DashboardFilters } from '../../../src/contract/schemas/dashboard'
import { catalogueEntries } from '../../db/schema'
import { route } from '../../platform/route'
import { itemsCatalogueOf } from '../catalogs/catalogues'
import { subgroupsInUse } from '../operation/patient-rules'
import { liveLabels } from './scope'

/**
 * SPEC §7 `GET /get-filters/dashboard`: the subgroup items patients carry, named "Subgroup: item"
 * as the lists name them, and the live special labels with their live sublabels. The period is
 * typed, not listed. It lives with the other filter lists under `/api/operation`, so the
 * operation module registers it.
 */
export async function dashboardFilterRoutes(app: FastifyInstance) {
  route(app, dashboardFilters, async (_input, req) =>
    req.withTenant(async (tx): Promise<DashboardFilters> => {
      const inUse = await subgroupsInUse(tx)
      const items =
        inUse.length === 0
          ? []
          : await tx
              .select()
              .from(catalogueEntries)
              .where(
                and(
                  eq(catalogueEntries.catalogue, itemsCatalogueOf({ name: 'subgroups' })),
                  inArray(catalogueEntries.id, inUse),
                  isNull(catalogueEntries.deletedAt),
                ),
              )
              .orderBy(asc(catalogueEntries.position))
      const parents = await tx
        .select({ id: catalogueEntries.id, name: catalogueEntries.name })
        .from(catalogueEntries)
        .where(eq(catalogueEntries.catalogue, 'subgroups'))
      const parentName = new Map(parents.map((row) => [row.id, row.name]))
      const subgroups = items
        .map((item) => {
          const parent = item.parentId ? parentName.get(item.parentId) : undefined
          return { id: item.id, name: parent ? `${parent}: ${item.name}` : item.name }
        })
        .sort((a, b) => a.name.localeCompare(b.name, 'es'))
      return { subgroups, special_labels: await liveLabels(tx) }
    }),
  )
}
