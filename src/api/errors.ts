/** The server answered with a failure envelope (DESIGN §3): its message is already translated. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Per-field messages of a 422, keyed by the field's dot path. */
    readonly errors?: Record<string, string[]>,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** No answer came back: offline, a dropped connection or a time-out. The UI shows SPEC §8's text. */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super('network', { cause })
    this.name = 'NetworkError'
  }
}
