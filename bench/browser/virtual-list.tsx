import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createRoot } from 'react-dom/client'
import { activateLanguage } from '../../src/i18n/language'
import { type Column, DataTable } from '../../src/ui/data-table/DataTable'
import tableStyles from '../../src/ui/data-table/data-table.css?inline'
import themeStyles from '../../src/ui/theme.css?inline'
import type { VirtualListResult } from './api'

interface Row {
  id: string
  full_name: string
  curp: string
  payroll_number: string
  state: string
}

const GIVEN = ['José', 'María Guadalupe', 'Ana', 'Luis Ángel', 'Fernanda', 'Íñigo', 'Lucía', 'Juan']
const LAST = ['Pérez', 'González', 'Núñez', 'Ruiz', 'Salas', 'de la Cruz', 'Martínez', 'Zúñiga']

const columns: Column<Row>[] = [
  { key: 'full_name', title: 'Nombre', isSort: true, isSearch: true },
  { key: 'curp', title: 'CURP', isSort: true, isSearch: true },
  { key: 'payroll_number', title: 'Número de nómina', isSort: true },
  { key: 'state', title: 'Estado' },
  {
    key: 'actions',
    title: 'Acciones',
    isAction: true,
    component: (row) => (
      <button type="button" className="button" data-variant="ghost">
        Expediente <span className="visually-hidden">{row.full_name}</span>
      </button>
    ),
  },
]

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve))

/**
 * DESIGN §7's virtual list: the data table's virtual rows over `count` rows on one page (no
 * pages to turn), scrolled by `step` pixels at every frame for `seconds`, as a fling through the
 * list would. Answers the time between each frame and the next: a frame that took longer than
 * one refresh (16.7 ms at 60 Hz) shows as a gap of two refreshes or more.
 */
export async function virtualList(count: number, step: number, seconds: number): Promise<VirtualListResult> {
  await activateLanguage('es')
  const rows: Row[] = Array.from({ length: count }, (_, i) => ({
    id: String(i),
    full_name: `${GIVEN[i % GIVEN.length]} ${LAST[(i * 7) % LAST.length]} ${LAST[(i * 3) % LAST.length]} ${i}`,
    curp: `PEGJ${String(900512 + (i % 99999)).padStart(6, '0')}HJCRRS0${i % 10}`,
    payroll_number: `N${String(i).padStart(6, '0')}`,
    state: i % 17 === 0 ? 'Por enviar' : 'Sincronizado',
  }))
  // The bench page is a script, not the app's HTML: its styles are put in by hand.
  const styles = document.createElement('style')
  styles.textContent = `${themeStyles}\n${tableStyles}`
  const host = document.createElement('div')
  document.body.replaceChildren(styles, host)
  const root = createRoot(host)
  root.render(
    <I18nProvider i18n={i18n}>
      <DataTable
        config={{ columns, pageLength: count, menu: [count] }}
        source={{ kind: 'local', rows }}
        rowKey={(row) => row.id}
        caption="Pacientes"
      />
    </I18nProvider>,
  )
  let box: HTMLElement | null = null
  while (!box) {
    await nextFrame()
    box = document.querySelector<HTMLElement>('.data-table__scroll[data-virtual="true"]')
  }
  // Settle: the first rows measured, the fonts laid out.
  for (let i = 0; i < 10; i++) await nextFrame()
  const gaps: number[] = []
  let last = await nextFrame()
  const until = last + seconds * 1000
  while (last < until) {
    box.scrollTop += step
    const now = await nextFrame()
    gaps.push(now - last)
    last = now
  }
  const drawn = box.querySelectorAll('tbody tr:not(.data-table__spacer)').length
  const scrolled = box.scrollTop
  root.unmount()
  return { rows: count, drawn, scrolled, gaps }
}
