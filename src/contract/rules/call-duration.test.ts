import { describe, expect, it } from 'vitest'
import { callDurationProblem, isCallDuration } from './call-duration'

describe('the call duration of SPEC §5', () => {
  it('is HH:MM or HH:MM:SS, from 00:00 to 23:59:59', () => {
    expect(['00:00', '00:25', '01:05:30', '23:59', '23:59:59'].map(isCallDuration)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ])
    expect(['24:00', '0:25', '00:60', '00:25:60', '00:25:', '25', '', '00:25 '].map(isCallDuration)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ])
  })

  it('is required for a remote consultation and refused for an on-site one', () => {
    expect(callDurationProblem('remote', '00:25')).toBeNull()
    expect(callDurationProblem('on_site', null)).toBeNull()
    expect(callDurationProblem('on_site', '')).toBeNull()
    expect(callDurationProblem('remote', null)).toBe('encounter.callDurationRequired')
    expect(callDurationProblem('remote', '')).toBe('encounter.callDurationRequired')
    expect(callDurationProblem('on_site', '00:10')).toBe('encounter.callDurationOnSite')
  })
})
