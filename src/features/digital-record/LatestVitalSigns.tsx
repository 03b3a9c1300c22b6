import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { consultationTexts } from '../../documents/consultation-texts'
import { vitalSignPrint, vitalSignValue } from '../../documents/consultation-vital-signs'
import { entryDate } from '../../documents/digital-record-document'
import { digitalRecordTexts } from '../../documents/digital-record-texts'
import type { TimelineEntry } from '../../documents/record-timeline'
import { latestVitalSigns } from '../../documents/record-vital-signs'
import type { DocumentLanguage } from '../../documents/self-tracking-texts'

/**
 * Each vital sign's latest value over the whole record, whichever record took it (a consultation,
 * a triage, an exam, a reading the patient logged), with its day and where it comes from — the
 * same rule and words as the record's PDF.
 */
export function LatestVitalSigns({ entries }: { entries: readonly TimelineEntry[] }) {
  const { i18n } = useLingui()
  const titleId = useId()
  const language: DocumentLanguage = i18n.locale === 'en' ? 'en' : 'es'
  const signs = consultationTexts[language]
  const kinds = digitalRecordTexts[language].kinds
  const latest = latestVitalSigns(entries)
  return (
    <section className="digital-record__card digital-record__vitals" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <Trans>Últimos signos vitales</Trans>
      </h2>
      {latest.length === 0 ? (
        <p className="digital-record__empty">
          <Trans>Sin signos vitales registrados.</Trans>
        </p>
      ) : (
        <dl className="digital-record__signs">
          {latest.map((sign) => (
            <div key={sign.sign}>
              <dt>{vitalSignPrint(sign.sign, signs).label}</dt>
              <dd>
                <strong>{vitalSignValue(sign.sign, sign.value, signs)}</strong>
                <span>
                  {entryDate(sign)} · {kinds[sign.kind]}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  )
}
