import type { FastifyInstance } from 'fastify'
import { catalogVersions, importCatalog } from '../../../src/contract/endpoints/catalogs'
import { MAX_CATALOG_FILE_BYTES } from '../../../src/contract/schemas/catalog-import'
import type { Db } from '../../db/client'
import { ForbiddenError } from '../../platform/errors'
import { route } from '../../platform/route'
import { importCatalogs } from './import'
import { listTenantCatalogVersions } from './tenant-versions'
import { listCatalogVersions } from './versions'

/** The provider's catalog import, and the versions devices compare against their cache. */
export async function importRoutes(app: FastifyInstance, opts: { db: Db }) {
  route(app, catalogVersions, async (_input, req) => {
    const shared = (await listCatalogVersions(opts.db)).map((row) => ({
      catalog: row.catalog,
      version: row.version,
      updated_at: row.updatedAt,
    }))
    // On a tenant's host its own catalogues follow (decision 0015); the landlord has none.
    const own = req.tenant ? await req.withTenant((tx) => listTenantCatalogVersions(tx)) : []
    return [...shared, ...own]
  })

  // Re-running an import changes nothing, so the call needs no idempotency key; the provider has
  // no tenant, so the audit entry goes to the log.
  route(
    app,
    importCatalog,
    async ({ body }, req) => {
      // The permission exists only on landlord accounts; the host check keeps it that way.
      if (!req.isLandlord) throw new ForbiddenError()
      const file = body.filename || 'catalogo.csv'
      const report = await importCatalogs(opts.db, [{ name: file, bytes: body.file }], { lang: req.lang })
      const [summary] = report.files
      req.log.info(
        {
          actorId: req.user?.id,
          action: 'catalog.import',
          file,
          format: summary?.format,
          added: report.added,
          updated: report.updated,
          unchanged: report.unchanged,
          rejected: report.rejected,
        },
        'landlord catalog import',
      )
      return report
    },
    { multipartOptions: { limits: { fileSize: MAX_CATALOG_FILE_BYTES, files: 1 } } },
  )
}
