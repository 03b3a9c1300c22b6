/**
 * SPEC §5 "Call duration must be in a valid time format": how long a remote consultation's call
 * lasted, HH:MM or HH:MM:SS (hours 00–23). A remote consultation needs it; an on-site one has no
 * call, so a duration there is refused rather than kept unseen.
 */
export const CALL_DURATION = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/

export const isCallDuration = (text: string) => CALL_DURATION.test(text)

export type CallDurationProblem = 'encounter.callDurationRequired' | 'encounter.callDurationOnSite'

/** Whether the duration fits the modality: the message key of what is wrong, or null. */
export function callDurationProblem(
  modality: string,
  callDuration: string | null | undefined,
): CallDurationProblem | null {
  const given = callDuration != null && callDuration !== ''
  if (modality === 'remote' && !given) return 'encounter.callDurationRequired'
  if (modality === 'on_site' && given) return 'encounter.callDurationOnSite'
  return null
}
