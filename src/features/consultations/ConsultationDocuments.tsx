import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import type { LocalDb, LocalEncounter } from '../../db/local-db'
import type { ConsultationDocumentKind } from '../../reports/consultation-documents'
import { Button } from '../../ui/Button'
import { errorMessage } from '../../ui/form/error-message'
import { notify } from '../../ui/notices'

/**
 * The consultation's note and its prescription as PDFs built on the device (issue 19, decision
 * 0024): they download offline, the same files the server's downloads answer. The prescription
 * is offered only when the consultation has one.
 */
export function ConsultationDocuments({ db, encounter }: { db: LocalDb; encounter: LocalEncounter }) {
  const { i18n } = useLingui()
  const titleId = useId()
  const [busy, setBusy] = useState<ConsultationDocumentKind | null>(null)
  const download = async (kind: ConsultationDocumentKind) => {
    setBusy(kind)
    try {
      // jsPDF is a large download most visits never use: fetched only when a document is asked for.
      const { downloadConsultationDocument } = await import('../../reports/consultation-documents')
      await downloadConsultationDocument(db, encounter, kind, i18n.locale === 'en' ? 'en' : 'es')
    } catch (error) {
      notify(errorMessage(error, i18n))
    } finally {
      setBusy(null)
    }
  }
  return (
    <section className="form-card consultation-documents" aria-labelledby={titleId}>
      <h2 id={titleId} className="consultation-prescription__title">
        <Trans>Documentos</Trans>
      </h2>
      <Button variant="secondary" loading={busy === 'note'} onClick={() => void download('note')}>
        <Trans>Descargar nota</Trans>
      </Button>{' '}
      {encounter.prescription.length > 0 && (
        <Button
          variant="secondary"
          loading={busy === 'prescription'}
          onClick={() => void download('prescription')}
        >
          <Trans>Descargar receta</Trans>
        </Button>
      )}
    </section>
  )
}
