/** Every API answer is wrapped in this envelope (DESIGN §3). */
export interface Success<T> {
  data: T
  message: string
  error: false
}

export interface Failure {
  data: null
  message: string
  error: true
  /** Per-field messages of a 422, keyed by the field's path (`address.state`). */
  errors?: Record<string, string[]>
}

export type Envelope<T> = Success<T> | Failure
