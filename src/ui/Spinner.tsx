import './components.css'

/** A busy indicator; decorative, so screen readers rely on aria-busy of its container. */
export function Spinner() {
  return <span className="spinner" aria-hidden="true" />
}
