import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { type ReactElement, useState } from 'react'
import * as v from 'valibot'
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { endpoint } from '../../contract/endpoints/define'
import { DataTableQuery } from '../../contract/schemas/data-table'
import { renderWithI18n, stubApi } from '../../test/render'
import { type Column, DataTable, type DataTableConfig, SEARCH_DEBOUNCE_MS, validateConfig } from './DataTable'
import { pageKeepingFirstRow } from './local-rows'

vi.mock('xlsx', async (importOriginal) => {
  const actual = await importOriginal<typeof import('xlsx')>()
  return { ...actual, writeFile: vi.fn() }
})

interface Person {
  id: string
  name: string
  city: string
  triage_classification?: string
  pid?: number
}

const people: Person[] = [
  { id: '1', name: 'José Pérez', city: 'Querétaro' },
  { id: '2', name: 'ana ruiz', city: 'León', pid: 7 },
  { id: '3', name: 'Beatriz Garza', city: 'Monterrey', triage_classification: 'observation' },
]
const edited = vi.fn()
const columns: Column<Person>[] = [
  { key: 'name', title: 'Nombre', isSort: true, isSearch: true },
  { key: 'city', title: 'Ciudad', isSort: true },
  { key: 'id', title: 'Clave', isHide: true },
  {
    key: 'actions',
    title: 'Acciones',
    isAction: true,
    component: (p) => (
      <button type="button" onClick={() => edited(p.id)}>
        Editar {p.name}
      </button>
    ),
  },
]
const listPeople = endpoint({
  service: 'configuration',
  method: 'POST',
  path: '/people/:group/list',
  access: 'users-index',
  query: DataTableQuery,
})
const PATH = '/api/configuration/people/staff/list'
const server = { kind: 'server', endpoint: listPeople, params: { group: 'staff' } } as const

/** A server answer of `total` rows, paged as asked (every row a copy of a person, renamed). */
function answer(request: Request, total: number) {
  const query = v.parse(DataTableQuery, Object.fromEntries(new URL(request.url).searchParams))
  const lastPage = Math.max(1, Math.ceil(total / query.pageLength))
  const page = Math.min(query.page, lastPage)
  const start = (page - 1) * query.pageLength
  const data = Array.from({ length: Math.max(0, Math.min(query.pageLength, total - start)) }, (_, i) => ({
    id: String(start + i + 1),
    name: `Persona ${start + i + 1}`,
    city: 'León',
  }))
  return {
    body: {
      data: {
        data,
        from: data.length ? start + 1 : null,
        to: data.length ? start + data.length : null,
        total,
        links: [{ url: null, label: String(page), active: true }],
      },
      message: '',
      error: false,
    },
  }
}

const queryOf = (request: Request | undefined) =>
  Object.fromEntries(new URL(request?.url ?? 'http://x/').searchParams)
const lastQuery = (requests: Request[]) => queryOf(requests.at(-1))
const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).queryAllByRole('cell')[0]?.textContent ?? '')
/** happy-dom lays nothing out: give every box a tablet screen's size, every row 48px. */
function fakeLayout(sizes: Record<'clientHeight' | 'clientWidth' | 'offsetHeight', number>) {
  const saved = Object.keys(sizes).map(
    (name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const,
  )
  for (const [name, value] of Object.entries(sizes)) {
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value })
  }
  return () => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor)
      else Reflect.deleteProperty(HTMLElement.prototype, name)
    }
  }
}
const pageSize = () => screen.getByRole('combobox', { name: 'Mostrar registros por página' })

/** A screen that reloads its table after a change (a delete, say), and re-renders for other reasons. */
function ReloadingScreen() {
  const [token, setToken] = useState(0)
  const [, setClicks] = useState(0)
  return (
    <>
      <button type="button" onClick={() => setToken((n) => n + 1)}>
        Borrar
      </button>
      <button type="button" onClick={() => setClicks((n) => n + 1)}>
        Otra cosa
      </button>
      <DataTable
        config={{ columns }}
        source={server}
        rowKey={(p) => p.id}
        caption="Personas"
        reloadToken={token}
      />
    </>
  )
}

/** A screen with a filter above its table. */
function FilteredScreen({ table }: { table: (city: string) => ReactElement }) {
  const [city, setCity] = useState('León')
  return (
    <>
      <button type="button" onClick={() => setCity('Monterrey')}>
        Monterrey
      </button>
      {table(city)}
    </>
  )
}

describe('the data table configuration (SPEC §5)', () => {
  const base = { columns }
  it.each([
    [{ columns: [] }, /non-empty list of columns/],
    [{}, /non-empty list of columns/],
    [{ columns: [null] }, /Column 0 must be an object/],
    [{ columns: [{ key: 1, title: 'x' }] }, /Column 0 needs a string key/],
    [{ columns: [{ key: 'a', title: 2 }] }, /Column "a" needs a string title/],
    [{ columns: [{ key: 'a', title: 'A', isSort: 'yes' }] }, /"a": isSort must be a boolean/],
    [{ columns: [{ key: 'a', title: 'A', isHide: 1 }] }, /"a": isHide must be a boolean/],
    [{ columns: [{ key: 'a', title: 'A', isSearch: 'no' }] }, /"a": isSearch must be a boolean/],
    [{ columns: [{ key: 'a', title: 'A', isAction: 0 }] }, /"a": isAction must be a boolean/],
    [{ columns: [{ key: 'a', title: 'A', width: 100 }] }, /"a": width must be a string/],
    [{ ...base, pageLength: 10.5 }, /page length must be a whole number/],
    [{ ...base, pageLength: '10' }, /page length must be a whole number/],
    [{ ...base, menu: [10, 2.5] }, /menu must hold whole numbers/],
    [{ ...base, sort: 'up' }, /sort direction/],
    [{ ...base, sortBy: 'nope' }, /sort column "nope" does not exist/],
    [{ ...base, sortBy: 'id' }, /sort column "id" is not sortable/],
    [{ ...base, sortBy: 'actions' }, /sort column "actions" is an action column/],
    [
      { columns: [{ key: 'a', title: 'A', isSort: true, isAction: true }], sortBy: 'a' },
      /is an action column/,
    ],
  ])('refuses %j', (config, message) => {
    expect(() => validateConfig(config as unknown as DataTableConfig<Person>)).toThrow(message)
  })

  it('fills the defaults: 10 rows, menu 10/20/50/100, ascending', () => {
    expect(validateConfig({ columns })).toMatchObject({
      pageLength: 10,
      menu: [10, 20, 50, 100],
      sort: 'asc',
    })
  })

  it('throws when a screen renders a wrong configuration', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await expect(
      renderWithI18n(
        <DataTable
          config={{ columns, sortBy: 'id' }}
          source={{ kind: 'local', rows: people }}
          rowKey={(p) => p.id}
          caption="Personas"
        />,
      ),
    ).rejects.toThrow(/not sortable/)
    vi.mocked(console.error).mockRestore()
  })

  it('keeps the first row seen when the page size changes', () => {
    expect(pageKeepingFirstRow(41, 20)).toBe(3)
    expect(pageKeepingFirstRow(41, 50)).toBe(1)
    expect(pageKeepingFirstRow(null, 20)).toBe(1)
  })
})

describe('a server data table', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }))
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('loads SPEC §7’s query by POST, then shows the page, its counts and its row classes', async () => {
    const { requests } = stubApi({
      [PATH]: {
        body: {
          data: { data: people, from: 1, to: 3, total: 3, links: [] },
          message: '',
          error: false,
        },
      },
    })
    await renderWithI18n(
      <DataTable
        config={{ columns, sortBy: 'name' }}
        source={{ ...server, filters: { city: 'León', active: true } }}
        rowKey={(p) => p.id}
        caption="Personas"
      />,
    )
    expect(screen.getByText('Cargando...')).toBeTruthy()
    expect(screen.getByRole('table', { name: 'Personas' }).getAttribute('aria-busy')).toBe('true')
    await screen.findByText('José Pérez')
    expect(requests).toHaveLength(1)
    expect(requests[0]?.method).toBe('POST')
    expect(queryOf(requests[0])).toEqual({
      page: '1',
      pageLength: '10',
      sortBy: 'name',
      sortColumns: 'name',
      sort: 'asc',
      search: '',
      searchColumns: 'name',
      filters: '{"city":"León","active":true}',
    })
    expect(v.safeParse(DataTableQuery, queryOf(requests[0])).success).toBe(true)
    expect(screen.getByText('Mostrando 1 a 3 de 3 registros')).toBeTruthy()
    expect(pageSize().closest('label')?.textContent).toMatch(/^Mostrar\s*10.*registros por página$/)
    expect(screen.getByRole('searchbox', { name: 'Buscar' }).getAttribute('placeholder')).toBe('Buscar...')
    // Hidden columns are not drawn; action columns are, but not sortable.
    expect(screen.queryByText('Clave')).toBeNull()
    expect(screen.getByRole('columnheader', { name: 'Acciones' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Acciones' })).toBeNull()
    // SPEC §3: triage_classification and pid become style classes.
    expect(screen.getByText('Beatriz Garza').closest('tr')?.className).toBe('triage-observation')
    expect(screen.getByText('ana ruiz').closest('tr')?.className).toBe('pid-7')
  })

  it('pages with the pager and says where it is', async () => {
    const { requests } = stubApi({ [PATH]: (request) => answer(request, 35) })
    await renderWithI18n(
      <DataTable config={{ columns }} source={server} rowKey={(p) => p.id} caption="Personas" />,
    )
    await screen.findByText('Mostrando 1 a 10 de 35 registros')
    expect(screen.getByRole('button', { name: 'Anterior' })).toHaveProperty('disabled', true)
    fireEvent.click(screen.getByRole('button', { name: 'Página 4' }))
    await screen.findByText('Mostrando 31 a 35 de 35 registros')
    expect(lastQuery(requests).page).toBe('4')
    expect(screen.getByRole('button', { name: 'Página 4' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('button', { name: 'Siguiente' })).toHaveProperty('disabled', true)
    fireEvent.click(screen.getByRole('button', { name: 'Anterior' }))
    await screen.findByText('Mostrando 21 a 30 de 35 registros')
  })

  it('waits 700 ms after the last key, trims the search and starts again at page 1', async () => {
    const { requests } = stubApi({ [PATH]: (request) => answer(request, 35) })
    await renderWithI18n(
      <DataTable config={{ columns }} source={server} rowKey={(p) => p.id} caption="Personas" />,
    )
    await screen.findByText('Persona 1')
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }))
    await screen.findByText('Persona 11')
    const sent = requests.length
    const search = screen.getByPlaceholderText('Buscar...')
    fireEvent.change(search, { target: { value: ' jo' } })
    await act(() => vi.advanceTimersByTimeAsync(400))
    fireEvent.change(search, { target: { value: ' jos ' } })
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 50))
    expect(requests).toHaveLength(sent)
    await act(() => vi.advanceTimersByTimeAsync(100))
    await waitFor(() => expect(requests).toHaveLength(sent + 1))
    expect(lastQuery(requests)).toMatchObject({ search: 'jos', page: '1' })
    // Only spaces added: the same search, no new request.
    fireEvent.change(search, { target: { value: 'jos  ' } })
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2))
    expect(requests).toHaveLength(sent + 1)
  })

  it('sorts by a header, ascending first, then descending, from page 1', async () => {
    const { requests } = stubApi({ [PATH]: (request) => answer(request, 35) })
    await renderWithI18n(
      <DataTable config={{ columns }} source={server} rowKey={(p) => p.id} caption="Personas" />,
    )
    await screen.findByText('Persona 1')
    expect(lastQuery(requests).sortBy).toBeUndefined()
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }))
    await screen.findByText('Persona 11')
    fireEvent.click(screen.getByRole('button', { name: 'Ciudad' }))
    await waitFor(() =>
      expect(lastQuery(requests)).toMatchObject({
        sortBy: 'city',
        sortColumns: 'city',
        sort: 'asc',
        page: '1',
      }),
    )
    const header = screen.getByRole('columnheader', { name: 'Ciudad' })
    expect(header.getAttribute('aria-sort')).toBe('ascending')
    fireEvent.click(screen.getByRole('button', { name: 'Ciudad' }))
    await waitFor(() => expect(lastQuery(requests)).toMatchObject({ sortBy: 'city', sort: 'desc' }))
    expect(header.getAttribute('aria-sort')).toBe('descending')
    expect(screen.getByRole('columnheader', { name: 'Nombre' }).getAttribute('aria-sort')).toBeNull()
  })

  it('goes to the page that keeps the first row when the page size changes', async () => {
    const { requests } = stubApi({ [PATH]: (request) => answer(request, 120) })
    await renderWithI18n(
      <DataTable config={{ columns }} source={server} rowKey={(p) => p.id} caption="Personas" />,
    )
    await screen.findByText('Persona 1')
    fireEvent.click(screen.getByRole('button', { name: 'Página 12' }))
    await screen.findByText('Mostrando 111 a 120 de 120 registros')
    fireEvent.change(pageSize(), { target: { value: '50' } })
    await waitFor(() => expect(lastQuery(requests)).toMatchObject({ pageLength: '50', page: '3' }))
    await screen.findByText('Mostrando 101 a 120 de 120 registros')
    fireEvent.change(pageSize(), { target: { value: '20' } })
    await waitFor(() => expect(lastQuery(requests)).toMatchObject({ pageLength: '20', page: '6' }))
  })

  it('starts again at page 1 when the screen’s filters change', async () => {
    const { requests } = stubApi({ [PATH]: (request) => answer(request, 35) })
    const table = (city: string) => (
      <DataTable
        config={{ columns }}
        source={{ ...server, filters: { city } }}
        rowKey={(p) => p.id}
        caption="Personas"
      />
    )
    await renderWithI18n(<FilteredScreen table={table} />)
    await screen.findByText('Persona 1')
    fireEvent.click(screen.getByRole('button', { name: 'Página 3' }))
    await screen.findByText('Persona 21')
    fireEvent.click(screen.getByRole('button', { name: 'Monterrey' }))
    await waitFor(() =>
      expect(lastQuery(requests)).toMatchObject({ page: '1', filters: '{"city":"Monterrey"}' }),
    )
    expect(requests.map((r) => queryOf(r).page)).toEqual(['1', '3', '1'])
  })

  it('raises the “Get entries fail” event, tells onError, says so and can try again', async () => {
    let fail = true
    stubApi({
      [PATH]: (request) =>
        fail ? { status: 500, body: { data: null, error: true, message: 'boom' } } : answer(request, 1),
    })
    const failed = vi.fn()
    const onError = vi.fn()
    window.addEventListener('Get entries fail', failed)
    await renderWithI18n(
      <DataTable
        config={{ columns }}
        source={server}
        rowKey={(p) => p.id}
        caption="Personas"
        onError={onError}
      />,
    )
    expect((await screen.findByRole('alert')).textContent).toContain('No fue posible cargar los registros.')
    window.removeEventListener('Get entries fail', failed)
    expect(failed).toHaveBeenCalledTimes(1)
    expect(onError).toHaveBeenCalledTimes(1)
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ status: 500 })
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByText('Persona 1')).toBeTruthy()
  })

  it('shows the empty text', async () => {
    stubApi({ [PATH]: (request) => answer(request, 0) })
    await renderWithI18n(
      <DataTable config={{ columns }} source={server} rowKey={(p) => p.id} caption="Personas" />,
    )
    expect(await screen.findByText('No hay datos para mostrar')).toBeTruthy()
    expect(screen.getByText('Mostrando 0 a 0 de 0 registros')).toBeTruthy()
  })

  it('reloads when the reload token changes', async () => {
    const { requests } = stubApi({ [PATH]: (request) => answer(request, 3) })
    await renderWithI18n(<ReloadingScreen />)
    await screen.findByText('Persona 1')
    fireEvent.click(screen.getByRole('button', { name: 'Otra cosa' }))
    await act(() => vi.advanceTimersByTimeAsync(50))
    expect(requests).toHaveLength(1)
    fireEvent.click(screen.getByRole('button', { name: 'Borrar' }))
    await waitFor(() => expect(requests).toHaveLength(2))
    await act(() => vi.advanceTimersByTimeAsync(50))
    expect(requests).toHaveLength(2)
  })

  it('speaks English when the user does', async () => {
    stubApi({ [PATH]: (request) => answer(request, 0) })
    await renderWithI18n(
      <DataTable
        config={{ columns }}
        source={server}
        rowKey={(p) => p.id}
        caption="People"
        exportName="people"
      />,
      'en',
    )
    expect(await screen.findByText('No data to show')).toBeTruthy()
    expect(screen.getByRole('combobox', { name: 'Show entries per page' })).toBeTruthy()
    expect(screen.getByPlaceholderText('Search...')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy()
    expect(screen.getByText('Showing 0 to 0 of 0 entries')).toBeTruthy()
  })
})

describe('a local data table', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }))
  afterEach(() => vi.useRealTimers())

  it('sorts, and searches its searchable columns without case or accents, on the device', async () => {
    await renderWithI18n(
      <DataTable
        config={{ columns, sortBy: 'name' }}
        source={{ kind: 'local', rows: people }}
        rowKey={(p) => p.id}
        caption="Personas"
      />,
    )
    expect(rowNames()).toEqual(['ana ruiz', 'Beatriz Garza', 'José Pérez'])
    fireEvent.click(screen.getByRole('button', { name: 'Nombre' }))
    expect(rowNames()).toEqual(['José Pérez', 'Beatriz Garza', 'ana ruiz'])
    fireEvent.click(screen.getByRole('button', { name: 'Ciudad' }))
    expect(rowNames()).toEqual(['ana ruiz', 'Beatriz Garza', 'José Pérez'])
    const search = screen.getByPlaceholderText('Buscar...')
    fireEvent.change(search, { target: { value: '  JOSE perez ' } })
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS))
    expect(rowNames()).toEqual(['José Pérez'])
    // The city is not a search column.
    fireEvent.change(search, { target: { value: 'leon' } })
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS))
    expect(screen.getByText('No hay datos para mostrar')).toBeTruthy()
  })

  it('pages on the device, and a search starts again from page 1', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({
      id: String(i),
      name: `Persona ${i + 1}`,
      city: 'León',
    }))
    await renderWithI18n(
      <DataTable
        config={{ columns, sortBy: 'name' }}
        source={{ kind: 'local', rows }}
        rowKey={(p) => p.id}
        caption="Personas"
      />,
    )
    expect(screen.getByText('Mostrando 1 a 10 de 25 registros')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Página 3' }))
    expect(rowNames()).toEqual(['Persona 21', 'Persona 22', 'Persona 23', 'Persona 24', 'Persona 25'])
    fireEvent.change(pageSize(), { target: { value: '20' } })
    expect(screen.getByText('Mostrando 21 a 25 de 25 registros')).toBeTruthy()
    fireEvent.change(screen.getByPlaceholderText('Buscar...'), { target: { value: 'persona 1' } })
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS))
    expect(screen.getByText('Mostrando 1 a 11 de 11 registros')).toBeTruthy()
  })

  it('shows the first rows of a list still being read, counts them all, and waits for the rest for anything else', async () => {
    const all = Array.from({ length: 25 }, (_, i) => ({
      id: String(i),
      name: `Persona ${String(i + 1).padStart(2, '0')}`,
      city: 'León',
    }))
    const config = { columns, sortBy: 'name' }
    const table = (source: { rows: Person[]; total?: number }) => (
      <DataTable
        config={config}
        source={{ kind: 'local', ordered: true, ...source }}
        rowKey={(p) => p.id}
        caption="Personas"
        exportName="personas"
      />
    )
    const { rerender } = await renderWithI18n(table({ rows: all.slice(0, 12), total: 25 }))
    expect(rowNames()).toEqual(all.slice(0, 10).map((p) => p.name))
    expect(screen.getByText('Mostrando 1 a 10 de 25 registros')).toBeTruthy()
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true')
    expect(screen.getByRole('button', { name: 'Descargar' }).hasAttribute('disabled')).toBe(true)
    // The second page needs rows not read yet: it waits for them.
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }))
    expect(screen.getByText('Cargando...')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Página 1' }))
    // So does another order, and a search.
    fireEvent.click(screen.getByRole('button', { name: 'Nombre' }))
    expect(screen.getByText('Cargando...')).toBeTruthy()
    fireEvent.change(screen.getByPlaceholderText('Buscar...'), { target: { value: 'persona 2' } })
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS))
    expect(screen.getByText('Cargando...')).toBeTruthy()
    rerender(<I18nProvider i18n={i18n}>{table({ rows: all })}</I18nProvider>)
    expect(screen.getByText('Mostrando 1 a 6 de 6 registros')).toBeTruthy()
    expect(rowNames()[0]).toBe('Persona 25')
  })

  it('does not sort again rows that come in its first order', async () => {
    // Out of the collator's order on purpose: the table trusts the source's word.
    const given = [people[2], people[0], people[1]] as Person[]
    await renderWithI18n(
      <DataTable
        config={{ columns, sortBy: 'name' }}
        source={{ kind: 'local', rows: given, ordered: true }}
        rowKey={(p) => p.id}
        caption="Personas"
      />,
    )
    expect(rowNames()).toEqual(['Beatriz Garza', 'José Pérez', 'ana ruiz'])
    fireEvent.click(screen.getByRole('button', { name: 'Nombre' }))
    expect(rowNames()).toEqual(['José Pérez', 'Beatriz Garza', 'ana ruiz'])
  })

  it('draws only the rows in sight of a long page, over 100 000 rows', async () => {
    onTestFinished(fakeLayout({ clientHeight: 600, clientWidth: 1024, offsetHeight: 48 }))
    const many = Array.from({ length: 100_000 }, (_, i) => ({
      id: String(i),
      name: `Persona ${i}`,
      city: 'León',
    }))
    await renderWithI18n(
      <DataTable
        config={{ columns, pageLength: 100 }}
        source={{ kind: 'local', rows: many }}
        rowKey={(p) => p.id}
        caption="Personas"
      />,
    )
    expect(screen.getByText('Mostrando 1 a 100 de 100000 registros')).toBeTruthy()
    const drawn = screen.getAllByRole('row').filter((row) => Number(row.getAttribute('aria-rowindex')) > 1)
    expect(drawn.length).toBeGreaterThan(5)
    expect(drawn.length).toBeLessThan(60)
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('101')
    fireEvent.click(screen.getByRole('button', { name: 'Página 1000' }))
    expect(screen.getByText('Mostrando 99901 a 100000 de 100000 registros')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Nombre' }))
    expect(rowNames()[0]).toBe('Persona 0')
    fireEvent.click(screen.getByRole('button', { name: 'Nombre' }))
    expect(rowNames()[0]).toBe('Persona 99999')
  })

  it('opens a row by click or keyboard, but not from its action buttons', async () => {
    const opened = vi.fn()
    await renderWithI18n(
      <DataTable
        config={{ columns }}
        source={{ kind: 'local', rows: people }}
        rowKey={(p) => p.id}
        caption="Personas"
        onRowClick={(p) => opened(p.id)}
        rowClassName={(p) => (p.id === '1' ? 'is-mine' : undefined)}
      />,
    )
    const row = screen.getByText('José Pérez').closest('tr') as HTMLTableRowElement
    expect(row.className).toBe('is-mine')
    fireEvent.click(within(row).getAllByRole('cell')[0] as HTMLElement)
    fireEvent.keyDown(row, { key: 'Enter' })
    expect(opened.mock.calls).toEqual([['1'], ['1']])
    fireEvent.click(screen.getByRole('button', { name: 'Editar José Pérez' }))
    expect(edited).toHaveBeenCalledWith('1')
    expect(opened).toHaveBeenCalledTimes(2)
  })

  it('downloads the view as a spreadsheet named with the date', async () => {
    const XLSX = await import('xlsx')
    await renderWithI18n(
      <DataTable
        config={{ columns, sortBy: 'name', sort: 'desc' }}
        source={{ kind: 'local', rows: people }}
        rowKey={(p) => p.id}
        caption="Personas"
        exportName="personas"
      />,
    )
    fireEvent.change(screen.getByPlaceholderText('Buscar...'), { target: { value: 'a' } })
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS))
    fireEvent.click(screen.getByRole('button', { name: 'Descargar' }))
    await waitFor(() => expect(XLSX.writeFile).toHaveBeenCalledTimes(1))
    const [book, name] = vi.mocked(XLSX.writeFile).mock.calls[0] as [import('xlsx').WorkBook, string]
    const now = new Date()
    const stamp = [now.getDate(), now.getMonth() + 1].map((n) => String(n).padStart(2, '0')).join('_')
    expect(name).toBe(`personas_${stamp}_${now.getFullYear()}.xlsx`)
    const sheet = book.Sheets[book.SheetNames[0] ?? ''] as import('xlsx').WorkSheet
    // Visible, non-action columns; the searched and sorted rows of every page.
    expect(XLSX.utils.sheet_to_json(sheet, { header: 1 })).toEqual([
      ['Nombre', 'Ciudad'],
      ['Beatriz Garza', 'Monterrey'],
      ['ana ruiz', 'León'],
    ])
  })
})
