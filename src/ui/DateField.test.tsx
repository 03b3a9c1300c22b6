import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithI18n } from '../test/render'
import { DateField, maskDate, maskTime, TimeField } from './DateField'

describe('date and time inputs (SPEC §5: YYYY/MM/DD, HH:MM)', () => {
  it('put the separators as digits are typed', () => {
    expect(maskDate('2026')).toBe('2026')
    expect(maskDate('202611')).toBe('2026/11')
    expect(maskDate('20261122')).toBe('2026/11/22')
    expect(maskDate('2026-11-22 extra')).toBe('2026/11/22')
    expect(maskTime('0')).toBe('0')
    expect(maskTime('0730')).toBe('07:30')
    expect(maskTime('07:305')).toBe('07:30')
  })

  it('mask what the user types in the field', async () => {
    await renderWithI18n(
      <>
        <DateField label="Fecha de ingreso" />
        <TimeField label="Hora" />
      </>,
    )
    const date = screen.getByLabelText('Fecha de ingreso') as HTMLInputElement
    fireEvent.change(date, { target: { value: '20261122' } })
    expect(date.value).toBe('2026/11/22')
    expect(date.placeholder).toBe('AAAA/MM/DD')
    const time = screen.getByLabelText('Hora') as HTMLInputElement
    fireEvent.change(time, { target: { value: '0930' } })
    expect(time.value).toBe('09:30')
  })
})
