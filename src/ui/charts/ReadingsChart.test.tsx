import { fireEvent, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { renderWithI18n } from '../../test/render'
import { type RangeChoice, RangePicker } from './RangePicker'
import { ReadingsChart } from './ReadingsChart'

const reading = (n: number, taken_at: string, glucose: number) => ({
  id: `01937a4e-0000-7000-8000-0000000001${n}0`,
  patient_id: '01937a4e-0000-7000-8000-000000000001',
  taken_at,
  note: null,
  glucose,
  moment: 'fasting' as const,
})

const rows = [
  reading(1, new Date(2026, 10, 20, 7, 15).toISOString(), 98),
  reading(2, new Date(2026, 10, 22, 7, 5).toISOString(), 104),
  reading(3, new Date(2026, 9, 1, 7, 0).toISOString(), 240),
]

describe('a self-tracking chart', () => {
  it('says so when the period has no readings', async () => {
    await renderWithI18n(<ReadingsChart kind="glucose" rows={rows} from="2026-11-01" to="2026-11-10" />)
    expect(screen.getByRole('status').textContent).toBe('No hay registros en este periodo.')
  })

  it('names the chart and lists the plotted values of the period for screen readers', async () => {
    await renderWithI18n(<ReadingsChart kind="glucose" rows={rows} from="2026-11-17" to="2026-11-23" />)
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'Gráfica de glucosa del 2026/11/17 al 2026/11/23',
    )
    const table = screen.getByRole('table', { name: 'Gráfica de glucosa' })
    const lines = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent)
    expect(lines).toEqual(['FechaGlucosa (mg/dL)', '20/11 07:1598', '22/11 07:05104'])
  })

  it('speaks English when the interface does', async () => {
    await renderWithI18n(<ReadingsChart kind="glucose" rows={[]} from="2026-11-01" to="2026-11-10" />, 'en')
    expect(screen.getByRole('status').textContent).toBe('There are no entries in this period.')
  })
})

function Picker() {
  const [value, setValue] = useState<RangeChoice>({ preset: '7d', custom: { from: '', to: '' } })
  return (
    <>
      <RangePicker value={value} onChange={setValue} />
      <output>{JSON.stringify(value)}</output>
    </>
  )
}

describe('the period picker', () => {
  it('presses one preset at a time and asks for the days of a custom period', async () => {
    await renderWithI18n(<Picker />)
    const group = screen.getByRole('group', { name: 'Periodo' })
    expect(within(group).getByRole('button', { name: '7 días' }).getAttribute('aria-pressed')).toBe('true')
    expect(screen.queryByLabelText('Desde')).toBeNull()

    fireEvent.click(within(group).getByRole('button', { name: 'Personalizado' }))
    expect(within(group).getByRole('button', { name: '7 días' }).getAttribute('aria-pressed')).toBe('false')
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-11-01' } })
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-11-15' } })
    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toEqual({
      preset: 'custom',
      custom: { from: '2026-11-01', to: '2026-11-15' },
    })
  })
})
