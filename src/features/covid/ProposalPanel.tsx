import { Trans, useLingui } from '@lingui/react/macro'
import type { TriageResult } from '../../contract/rules/triage-classification'
import { CLASSIFICATION_NAMES, PARAMETER_NAMES, RISK_FACTOR_NAMES } from './covid-texts'

/**
 * The classification the contract's rule proposes for what the form holds now: the band in its
 * colour, the NEWS2 score, the risk factors that raised it and the parameters not taken (the score
 * may then understate the risk). Announced politely as it changes.
 */
export function ProposalPanel({ result }: { result: TriageResult }) {
  const { i18n } = useLingui()
  const name = i18n._(CLASSIFICATION_NAMES[result.classification])
  return (
    <output className={`covid-proposal triage-${result.classification}`} aria-live="polite">
      <span className="covid-proposal__label">
        <Trans>Clasificación propuesta</Trans>
      </span>
      <strong className="covid-proposal__value" data-testid="proposed-classification">
        {name}
      </strong>
      <span className="covid-proposal__score">
        <Trans>NEWS2: {result.total}</Trans>
      </span>
      {result.risk_factors.length > 0 && (
        <span className="covid-proposal__detail">
          <Trans>
            Sube un nivel por:{' '}
            {result.risk_factors.map((factor) => i18n._(RISK_FACTOR_NAMES[factor])).join(', ')}
          </Trans>
        </span>
      )}
      {result.missing.length > 0 && (
        <span className="covid-proposal__detail">
          <Trans>
            Sin tomar (el puntaje puede subestimar el riesgo):{' '}
            {result.missing.map((parameter) => i18n._(PARAMETER_NAMES[parameter])).join(', ')}
          </Trans>
        </span>
      )}
    </output>
  )
}
