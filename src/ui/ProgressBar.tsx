import './components.css'

export interface ProgressBarProps {
  /** What is progressing, for assistive technology and shown above the bar. */
  label: string
  /** Done so far out of `max`; null when the amount is unknown (the bar moves without a figure). */
  value: number | null
  max?: number
}

/** A labelled progress bar (the native element: announced and styled alike everywhere). */
export function ProgressBar({ label, value, max = 100 }: ProgressBarProps) {
  const percent = value === null ? null : Math.round((Math.min(value, max) / max) * 100)
  return (
    <div className="progress">
      <div className="progress__label">
        <span>{label}</span>
        {percent !== null && <span aria-hidden="true">{percent} %</span>}
      </div>
      <progress
        className="progress__bar"
        aria-label={label}
        max={max}
        {...(value === null ? {} : { value })}
      />
    </div>
  )
}
