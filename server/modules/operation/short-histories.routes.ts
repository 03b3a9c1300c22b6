import type { FastifyInstance } from 'fastify'
import {
  amendShortHistory,
  createShortHistory,
  deleteShortHistory,
  patientShortHistories,
  shortHistoryTypes,
  showShortHistory,
} from '../../../src/contract/endpoints/short-histories'
import {
  SHORT_HISTORY_TYPES,
  type ShortHistoryTypeOption,
} from '../../../src/contract/schemas/short-histories'
import { translate } from '../../platform/messages'
import { route } from '../../platform/route'
import { reportRoutes } from './medical-report.routes'
import { SHORT_HISTORY } from './report-kinds'

/**
 * Short clinical histories (SPEC §7 `short-medical-histories`, issue 23): the types list, and the
 * shared report calls — list, create, show, amendment, soft delete. The download is with the
 * other reports' documents (report-documents.routes.ts), the files with the shared mechanism.
 */
export async function shortHistoryRoutes(app: FastifyInstance) {
  route(
    app,
    shortHistoryTypes,
    async (_input, req): Promise<ShortHistoryTypeOption[]> =>
      SHORT_HISTORY_TYPES.map((code) => ({ code, name: translate(`shortHistory.type.${code}`, req.lang) })),
  )
  reportRoutes(app, SHORT_HISTORY, {
    list: patientShortHistories,
    create: createShortHistory,
    show: showShortHistory,
    amend: amendShortHistory,
    remove: deleteShortHistory,
  })
}
