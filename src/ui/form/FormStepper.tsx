import { useLingui } from '@lingui/react/macro'

/** Where a step stands: saved or checked, holding errors, or not yet done. */
export type StepState = 'done' | 'error' | 'pending'

export interface FormStep {
  /** The step's name as shown. */
  name: string
  state: StepState
}

/**
 * A long form's steps (the admission exam's, the ST-7's) as a row of numbered buttons, any of
 * them a tap away, each saying whether it is done or holds errors — by a mark and in words for a
 * screen reader; the step shown is the current one.
 */
export function FormStepper({
  label,
  steps,
  current,
  onSelect,
  className,
}: {
  /** The navigation's name ("Pasos del examen"). */
  label: string
  steps: readonly FormStep[]
  current: number
  onSelect: (index: number) => void
  className?: string
}) {
  const { t } = useLingui()
  const said: Record<StepState, string> = { done: t`completo`, error: t`con errores`, pending: t`pendiente` }
  return (
    <nav aria-label={label}>
      <ol className={`form-steps form-steps--marked ${className ?? ''}`}>
        {steps.map((step, index) => (
          <li key={step.name}>
            <button
              type="button"
              className="form-steps__step"
              data-state={step.state}
              aria-current={index === current ? 'step' : undefined}
              onClick={() => onSelect(index)}
            >
              <span className="form-steps__number" aria-hidden="true">
                {step.state === 'done' ? '✓' : step.state === 'error' ? '!' : index + 1}
              </span>
              <span>{step.name}</span>
              <span className="visually-hidden">({said[step.state]})</span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  )
}
