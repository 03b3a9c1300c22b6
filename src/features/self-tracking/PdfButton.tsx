import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { ReadingKind } from '../../contract/schemas/readings'
import type { LocalDb } from '../../db/local-db'
import { currentSession } from '../../session/session-store'
import { Button } from '../../ui/Button'
import { errorMessage } from '../../ui/form/error-message'
import { notify } from '../../ui/notices'
import { KIND_TITLES } from './texts'

/** Whose log it is: the patient's record on the device, else the signed-in user's name. */
async function patientOf(db: LocalDb, patientId: string) {
  const record = await db.patients.get(patientId)
  const user = currentSession()?.user
  const name = [record?.name ?? user?.name, record?.last_name ?? user?.last_name, record?.second_last_name]
    .filter(Boolean)
    .join(' ')
  return { id: patientId, name, curp: record?.curp ?? null }
}

/** The kind's log over the chosen days as a PDF, built on the device (works offline). */
export function PdfButton({
  db,
  patientId,
  kind,
  from,
  to,
}: {
  db: LocalDb
  patientId: string
  kind: ReadingKind
  /** YYYY-MM-DD, both included. */
  from: string
  to: string
}) {
  const { i18n } = useLingui()
  const [busy, setBusy] = useState(false)
  const title = i18n._(KIND_TITLES[kind])
  const run = async () => {
    setBusy(true)
    try {
      const patient = await patientOf(db, patientId)
      // jsPDF and its codecs are a large download and a long parse that most visits never use:
      // fetched (from the service worker's cache offline) only when a PDF is asked for.
      const { downloadReadingsPdf } = await import('../../reports/download-readings-pdf')
      await downloadReadingsPdf(db, { kind, patient, from, to, language: i18n.locale === 'en' ? 'en' : 'es' })
    } catch (error) {
      notify(errorMessage(error, i18n))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button variant="secondary" loading={busy} onClick={() => void run()}>
      <Trans>Descargar PDF</Trans>
      <span className="visually-hidden"> {title}</span>
    </Button>
  )
}
