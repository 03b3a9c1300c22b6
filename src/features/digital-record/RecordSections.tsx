import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import type { DigitalRecord } from '../../contract/schemas/digital-record'
import { RECORD_SECTIONS } from '../../contract/schemas/record-sections'
import { sectionEntries } from '../../documents/digital-record-document'
import type { RecordNames } from '../../documents/record-timeline'
import { SECTION_TITLES } from '../../i18n/record-section-titles'

/**
 * The record's sections (conditions, medications, histories, habits, allergies, alerts, COVID
 * status) read only, each entry in the words of the record page and the PDF; they are added and
 * changed on the patient's record, which the heading links to for who may go there.
 */
export function RecordSections({
  record,
  names,
  recordHref,
}: {
  record: DigitalRecord
  names: RecordNames
  /** The patient's record page, when the user may open it. */
  recordHref: boolean
}) {
  const { i18n } = useLingui()
  const titleId = useId()
  return (
    <section className="digital-record__card digital-record__sections" aria-labelledby={titleId}>
      <div className="digital-record__card-header">
        <h2 id={titleId}>
          <Trans>Secciones del expediente</Trans>
        </h2>
        {recordHref && (
          <Link to="/patients/record/$id" params={{ id: record.patient.id }}>
            <Trans>Editar en el expediente</Trans>
          </Link>
        )}
      </div>
      <dl className="digital-record__section-list">
        {RECORD_SECTIONS.map((section) => {
          const entries = sectionEntries(record, names, section)
          return (
            <div key={section}>
              <dt>{i18n._(SECTION_TITLES[section])}</dt>
              {entries.length === 0 ? (
                <dd className="digital-record__empty">
                  <Trans>Ninguna registrada</Trans>
                </dd>
              ) : (
                entries.map((entry, index) => (
                  // Two entries may read alike: their place tells them apart.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list is read only and redrawn whole
                  <dd key={index}>{entry}</dd>
                ))
              )}
            </div>
          )
        })}
      </dl>
    </section>
  )
}
