import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { VitalSign } from '../../contract/schemas/encounters'
import { useUnits } from '../../ui/unit-preference'
import {
  FIXED_UNITS,
  shownVitalSign,
  UNIT_SYMBOLS,
  VITAL_SIGN_FIELDS,
  VITAL_SIGN_NAMES,
} from '../../ui/vital-signs/vital-signs'

/**
 * A report's vital signs as its view reads them: each one recorded, in this device's units; a
 * line saying none was when the report took none.
 */
export function ReportVitalSigns({ report }: { report: Partial<Record<VitalSign, unknown>> }) {
  const { i18n } = useLingui()
  const units = useUnits()
  const taken = VITAL_SIGN_FIELDS.filter(({ sign }) => typeof report[sign] === 'number')
  if (taken.length === 0)
    return (
      <p className="form-hint">
        <Trans>No se registraron signos vitales.</Trans>
      </p>
    )
  return (
    <dl className="medical-report-view__facts medical-report-view__facts--signs">
      {taken.map(({ sign, measure }) => (
        <div key={sign}>
          <dt>{i18n._(VITAL_SIGN_NAMES[sign])}</dt>
          <dd>
            {shownVitalSign(sign, units, report[sign])}{' '}
            {measure ? UNIT_SYMBOLS[units[measure]] : (FIXED_UNITS[sign] ?? '')}
          </dd>
        </div>
      ))}
    </dl>
  )
}

/** One part of a report's view: its heading and what it says. */
export function ReportBlock({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="medical-report-view__block">
      <h3>{title}</h3>
      {children}
    </div>
  )
}
