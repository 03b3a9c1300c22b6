import type { FastifyInstance } from 'fastify'
import {
  createSpecialLabel,
  destroySpecialLabel,
  downloadSpecialLabels,
  listSpecialLabels,
  showSpecialLabel,
  specialLabelColors,
  specialLabelIcons,
  updateSpecialLabel,
} from '../../../src/contract/endpoints/special-labels'
import {
  SPECIAL_LABEL_COLOR_CODES,
  SPECIAL_LABEL_COLORS,
  SPECIAL_LABEL_ICON_CODES,
  SPECIAL_LABEL_ICONS,
} from '../../../src/contract/schemas/special-labels'
import type { Lang } from '../../platform/language'
import { route } from '../../platform/route'
import { downloadName, sendWorkbook, workbookOf } from '../configuration/spreadsheet'
import { callerIdOf, tenantIdOf } from '../configuration/tenant-scope'
import * as labels from './special-labels'

const SHEET_HEADER: Record<Lang, string[]> = {
  es: ['Etiqueta especial', 'Color', 'Icono', 'Subetiquetas'],
  en: ['Special label', 'Color', 'Icon', 'Sublabels'],
}

/**
 * The tenant's special labels (SPEC §3, §7): the catalogue screen's calls, the colours and icons
 * it offers, and the lists a device caches. Every change moves the catalogue's version in its
 * transaction and is audited.
 */
export async function specialLabelRoutes(app: FastifyInstance) {
  route(app, listSpecialLabels, async (_input, req) => req.withTenant((tx) => labels.listLabels(tx)))

  route(app, showSpecialLabel, async ({ params }, req) =>
    req.withTenant((tx) => labels.showLabel(tx, params.id)),
  )

  route(app, createSpecialLabel, async ({ body }, req) =>
    req.withTenant(async (tx) => {
      const label = await labels.createLabel(tx, tenantIdOf(req), body, callerIdOf(req), req.lang)
      await req.audit(tx, {
        action: 'special-label.create',
        entity: 'special-label',
        entityId: label.id,
        details: { ...body },
      })
      return label
    }),
  )

  route(app, updateSpecialLabel, async ({ params, body }, req) =>
    req.withTenant(async (tx) => {
      const label = await labels.updateLabel(tx, params.id, body, callerIdOf(req), req.lang)
      await req.audit(tx, {
        action: 'special-label.update',
        entity: 'special-label',
        entityId: label.id,
        details: { ...body },
      })
      return label
    }),
  )

  route(app, destroySpecialLabel, async ({ params }, req) => {
    await req.withTenant(async (tx) => {
      await labels.destroyLabel(tx, params.id, callerIdOf(req))
      await req.audit(tx, { action: 'special-label.delete', entity: 'special-label', entityId: params.id })
    })
    return null
  })

  route(app, downloadSpecialLabels, async (_input, req, reply) => {
    const rows = await req.withTenant(async (tx) =>
      (await labels.listLabels(tx)).map((label) => [
        label.name,
        label.color,
        label.icon,
        label.sublabels.map((sublabel) => sublabel.name).join(', '),
      ]),
    )
    await sendWorkbook(
      reply,
      downloadName('etiquetas_especiales'),
      workbookOf('Etiquetas especiales', SHEET_HEADER[req.lang], rows),
    )
  })

  route(app, specialLabelColors, async () =>
    SPECIAL_LABEL_COLOR_CODES.map((code) => ({ code, hex: SPECIAL_LABEL_COLORS[code] })),
  )

  route(app, specialLabelIcons, async () =>
    SPECIAL_LABEL_ICON_CODES.map((code) => ({ code, glyph: SPECIAL_LABEL_ICONS[code] })),
  )
}
